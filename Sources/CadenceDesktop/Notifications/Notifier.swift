import CadenceCore
import CadenceSystem
import Dispatch
import Synchronization

/// A run's desktop notifications: one notification for the whole run, each new one shown in
/// its place (the id the first was given is kept and replaced), with the urgency and the
/// buttons the moment calls for.
///
/// `notify` returns at once: the notifications are sent in order on a thread of the
/// notifier's own, and a notification with buttons waits for them on another, so the run's
/// timing never waits for the desktop. Only the newest notification's buttons are waited for:
/// a new one stops the wait of the one before. A chosen button acts on the run through `act`
/// (its control socket), or for "Start focus" starts `nextFocus` from a process of its own
/// that outlives the run.
public final class Notifier: Sendable {
  private let sender: any NotificationSending
  private let act: @Sendable (EngineCommand) -> Void
  private let nextFocus: [String]?

  /// A wait for a notification's buttons, stopped when a newer notification takes its place.
  private final class Waiting: Sendable {
    let stopped = Atomic<Bool>(false)
    /// Signalled once the wait is over (its notify-send gone).
    let ended = DispatchSemaphore(value: 0)

    /// Stops the wait, and waits (at most `limit`) until it is over.
    func stop(within limit: DispatchTimeInterval = .seconds(2)) {
      stopped.store(true, ordering: .sequentiallyConsistent)
      _ = ended.wait(timeout: .now() + limit)
      ended.signal()
    }
  }

  private struct State {
    var pending: [(DesktopNotification, NotificationMoment.Run)] = []
    var sending = false
    var id: UInt32?
    var waiting: Waiting?
    var finished = false
    /// Those waiting for everything pending to be sent.
    var drained: [DispatchSemaphore] = []
  }

  private let state = Mutex(State())

  /// A notifier that sends through `sender`; a chosen button's command goes to `act`, and
  /// `nextFocus` (a program and its arguments: `cadence focus --detach …`) is what "Start
  /// focus" runs after a break, nil for no such button.
  public init(
    sender: any NotificationSending, nextFocus: [String]? = nil,
    act: @escaping @Sendable (EngineCommand) -> Void
  ) {
    self.sender = sender
    self.nextFocus = nextFocus
    self.act = act
  }

  /// The id the desktop gave the run's notification, once it has one.
  public var id: UInt32? { state.withLock { $0.id } }

  /// Shows the notification for `moment` with `title` and `body`, in place of the run's last.
  public func notify(title: String, body: String, moment: NotificationMoment) {
    var notification = moment.notification(title: title, body: body)
    if nextFocus == nil { notification.actions.removeAll { $0 == .startFocus } }
    let start = state.withLock { state -> Bool in
      guard !state.finished else { return false }
      state.pending.append((notification, moment.run))
      guard !state.sending else { return false }
      state.sending = true
      return true
    }
    if start, !DetachedThread.start({ self.sendPending() }) {
      state.withLock {
        $0.pending = []
        $0.sending = false
      }
    }
  }

  /// Waits (at most `limit`) until the notifications asked for have been sent; the wait
  /// for buttons goes on.
  public func flush(within limit: Duration = .seconds(3)) {
    let drained = state.withLock { state -> DispatchSemaphore? in
      guard state.sending else { return nil }
      let semaphore = DispatchSemaphore(value: 0)
      state.drained.append(semaphore)
      return semaphore
    }
    let (seconds, attoseconds) = limit.components
    _ = drained?.wait(
      timeout: .now() + .milliseconds(Int(seconds * 1000 + attoseconds / 1_000_000_000_000_000)))
  }

  /// The run is over: waits (at most `limit`) for the notifications asked for to be sent,
  /// then stops waiting for buttons. A "Start focus" handed off is left waiting.
  public func finish(within limit: Duration = .seconds(3)) {
    flush(within: limit)
    let waiting = state.withLock { state -> Waiting? in
      state.finished = true
      state.pending = []
      defer { state.waiting = nil }
      return state.waiting
    }
    waiting?.stop()
  }

  /// Sends what is pending, in order, until nothing is.
  private func sendPending() {
    while let next = nextPending() {
      send(next.notification, during: next.run)
    }
  }

  /// The first notification pending, taken off the list; nil when none is, and the sending
  /// has ended (those waiting for it are told).
  private func nextPending() -> (notification: DesktopNotification, run: NotificationMoment.Run)? {
    state.withLock { state in
      guard !state.pending.isEmpty else {
        state.sending = false
        for semaphore in state.drained { semaphore.signal() }
        state.drained = []
        return nil
      }
      return state.pending.removeFirst()
    }
  }

  private func send(_ notification: DesktopNotification, during run: NotificationMoment.Run) {
    let (previous, known) = state.withLock { state in
      defer { state.waiting = nil }
      return (state.waiting, state.id)
    }
    // The notify-send that waited has gone before the next is sent: what it showed (late,
    // on a busy machine) can never replace the newer text.
    previous?.stop()
    var bare = notification
    bare.actions = []
    guard !notification.actions.isEmpty else {
      remember(sender.show(bare, replacing: known))
      return
    }
    // A notification waiting for its buttons prints its id only when it ends: the first is
    // shown without them to learn its id.
    guard let id = known ?? remember(sender.show(bare, replacing: nil)) else { return }
    if let nextFocus, notification.actions == [.startFocus] {
      _ = sender.handOff(notification, replacing: id, action: .startFocus, then: nextFocus)
      return
    }
    let waiting = Waiting()
    state.withLock { $0.waiting = waiting }
    let sender = self.sender
    let act = self.act
    let started = DetachedThread.start {
      let stopped = { waiting.stopped.load(ordering: .sequentiallyConsistent) }
      let chosen = sender.awaitAction(notification, replacing: id, stopping: stopped)
      waiting.ended.signal()
      guard !stopped(), let chosen, let action = NotificationAction(rawValue: chosen),
        notification.actions.contains(action), let command = action.command(during: run)
      else { return }
      act(command)
    }
    if !started { waiting.ended.signal() }
  }

  /// Keeps `id` as the run's notification's, if there is one; returns it.
  @discardableResult
  private func remember(_ id: UInt32?) -> UInt32? {
    guard let id else { return nil }
    state.withLock { $0.id = id }
    return id
  }
}
