import CadenceCore
import CadenceDesktop
import CadenceSystem
import FoundationEssentials
import Synchronization

/// Hosts one real-time run in this process, a routine's or a countdown's, in the foreground or
/// as the background process of a run: its alarm, its control socket (and, in the background,
/// the ready handshake with the process that started it), its recorder and driver, notices for
/// the run from outputs made before it, and its signals. What the run shows, plays and runs
/// are the outputs it is given, in the order given around the socket.
public final class RunHost: @unchecked Sendable {
  /// Why the run cannot be hosted: a sentence, already told to the starter in the background.
  public struct Failure: Error, Sendable {
    public var description: String
  }

  /// The run's control socket; nil when it could not be opened in the foreground (said as a
  /// notice: `status` cannot see the run).
  public let server: ControlServer?
  private let alarm: ContinuousAlarm
  private let background: Bool
  /// The driver once it is made, and the notices told before.
  private let state = Mutex<(driver: RunDriver<ContinuousClock>?, pending: [String])>((nil, []))

  /// Opens the alarm and the control socket in the runtime folder `environment` names; the
  /// socket refuses what `refusal` says. `what` names the run in the notice of a socket that
  /// cannot be opened ("run", "countdown"). In the background, no socket is a failure.
  public init(
    environment: [String: String], background: Bool, what: String,
    refusal: @escaping @Sendable (EngineCommand) -> String? = { _ in nil }
  ) throws(Failure) {
    self.background = background
    do {
      alarm = try ContinuousAlarm.make()
    } catch {
      ReadyHandshake.refuse(error.description)
      throw Failure(description: error.description)
    }
    do {
      server = try ControlServer(
        directory: RuntimeDirectory(environment: environment), id: String(Processes.current),
        refusal: refusal)
    } catch {
      if background {
        ReadyHandshake.refuse(error.description)
        throw Failure(description: error.description)
      }
      state.withLock {
        $0.pending.append("\(error.description); cadence status cannot see this \(what).")
      }
      server = nil
    }
  }

  /// Tells the run `text`: kept until the run starts, shown at once after.
  public func notice(_ text: String) {
    let started = state.withLock { state in
      if state.driver == nil { state.pending.append(text) }
      return state.driver
    }
    started?.notice(text)
  }

  /// The outputs of the run in the order it gives them updates: `first` (those that must act
  /// before the socket's subscribers hear: do-not-disturb, a routine's actions), the socket,
  /// the ready handshake in the background, then `rest`.
  public func outputs(first: [RunOutput] = [], rest: [RunOutput]) -> [RunOutput] {
    var outputs = first
    if let server {
      outputs.append(server)
      if background { outputs.append(ReadySignal(id: server.id)) }
    }
    return outputs + rest
  }

  /// The driver of `schedule`, recorded by `recorder` from `startWall`, with `outputs` (see
  /// `outputs(first:rest:)`); the socket serves it, and the notices told so far are shown.
  public func driver(
    schedule: Schedule, identity: RunIdentity, hooks: HookCaller?, outputs: [RunOutput],
    recorder: RunRecorder, startWall: Date, resumption: RunDriver<ContinuousClock>.Resumption?,
    adopting: Int64? = nil
  ) -> RunDriver<ContinuousClock> {
    let driver = RunDriver(
      schedule: schedule, identity: identity, hooks: hooks, clock: ContinuousClock(),
      alarm: alarm, outputs: outputs, recorder: recorder, startWall: startWall,
      resumption: resumption)
    driver.adopting = adopting
    let told = state.withLock { state in
      state.driver = driver
      defer { state.pending = [] }
      return state.pending
    }
    for text in told { driver.notice(text) }
    server?.start(driver)
    return driver
  }

  /// Watches `signals`, handing each to `handle` on the signal queue; SIGTERM while the machine
  /// or the session shuts down leaves the run to be resumed, as a crash leaves it, instead.
  public static func watch(
    _ signals: [Int32], environment: [String: String],
    handle: @escaping @Sendable (Int32) -> Void
  ) -> SignalWatcher {
    let watcher = SignalWatcher()
    watcher.watch(signals) { number in
      if number == Signals.terminate, SystemShutdown.isUnderway(environment: environment) {
        Processes.endNow(128 + Signals.terminate)
      }
      handle(number)
    }
    return watcher
  }
}
