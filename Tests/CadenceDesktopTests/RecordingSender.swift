import CadenceDesktop
import Dispatch
import Synchronization

/// A stand-in for notify-send that records every call: shown notifications get ids 7, 8, …
/// unless they replace one; a wait for an action returns what `choose` is given, or nil once
/// stopped.
final class RecordingSender: NotificationSending {
  enum Call: Equatable {
    case show(DesktopNotification, replacing: UInt32?)
    case awaitAction(DesktopNotification, replacing: UInt32)
    case handOff(DesktopNotification, replacing: UInt32, action: NotificationAction, then: [String])
  }

  private struct State {
    var calls: [Call] = []
    var nextID: UInt32 = 7
    var choices: [String] = []
    var stoppedWaits = 0
  }

  private let state = Mutex(State())
  private let chosen = DispatchSemaphore(value: 0)

  var calls: [Call] { state.withLock { $0.calls } }
  var stoppedWaits: Int { state.withLock { $0.stoppedWaits } }

  /// The user chooses the action `name` on the notification being waited for.
  func choose(_ name: String) {
    state.withLock { $0.choices.append(name) }
    chosen.signal()
  }

  func show(_ notification: DesktopNotification, replacing id: UInt32?) -> UInt32? {
    state.withLock { state in
      state.calls.append(.show(notification, replacing: id))
      if let id { return id }
      defer { state.nextID += 1 }
      return state.nextID
    }
  }

  func awaitAction(
    _ notification: DesktopNotification, replacing id: UInt32, stopping: @escaping () -> Bool
  ) -> String? {
    state.withLock { $0.calls.append(.awaitAction(notification, replacing: id)) }
    while true {
      if stopping() {
        state.withLock { $0.stoppedWaits += 1 }
        return nil
      }
      if chosen.wait(timeout: .now() + .milliseconds(10)) == .success {
        return state.withLock { $0.choices.removeFirst() }
      }
    }
  }

  func handOff(
    _ notification: DesktopNotification, replacing id: UInt32, action: NotificationAction,
    then: [String]
  ) -> Bool {
    state.withLock {
      $0.calls.append(.handOff(notification, replacing: id, action: action, then: then))
    }
    return true
  }

  /// The calls once `condition` holds of them (up to 5 seconds).
  func calls(until condition: ([Call]) -> Bool) -> [Call] {
    let deadline = ContinuousClock.now + .seconds(5)
    var last = calls
    while !condition(last), ContinuousClock.now < deadline {
      _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(5))
      last = calls
    }
    return last
  }
}
