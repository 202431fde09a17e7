import CadenceStore
import CadenceSystem
import CadenceText
import FoundationEssentials

/// A focus or a break counting in another process, in the foreground of another terminal or
/// in the background: one focus session at a time, so that focus sessions run side by side
/// cannot earn their coins twice over, and a task's mandatory break, while it runs, holds off a
/// new focus as an interrupted one does.
public enum RunningFocus {
  /// What is found counting: its process (the id `status` and `stop --run` take), whether it
  /// is a break, a mandatory one, and its task.
  public struct Found: Equatable {
    public var pid: Int32
    public var isBreak: Bool
    public var mandatory: Bool
    public var task: String?
  }

  /// The sentence refusing a new focus or break while another counts; nil when none does.
  public static func refusal(in store: Store, environment: [String: String]) throws(StoreError)
    -> String?
  {
    guard let found = try running(in: store, environment: environment) else { return nil }
    let run = "run \(found.pid)"
    let task = found.task.map { TerminalText.line($0) }
    if found.mandatory {
      return
        "The mandatory break\(task.map { " after \($0)" } ?? "") is running (\(run)); a new focus can start once it is over (cadence attach --run \(found.pid) follows it)."
    }
    let what = found.isBreak ? "A break" : "A focus\(task.map { " on \($0)" } ?? "")"
    return
      "\(what) is already running (\(run)), and one focus session runs at a time; stop it with cadence stop --run \(found.pid), or wait until it ends."
  }

  /// The sentence for a countdown starting elsewhere that has not yet said so.
  public static let starting =
    "Another focus session is starting in another terminal, and one focus session runs at a time; wait until it ends (cadence status shows it)."

  /// The lock that the process counting a focus or break holds while it counts, so that two
  /// started at the same moment cannot both pass the checks above: the descriptor holding it
  /// (nil when there is no lock to be had, such as a runtime folder Cadence cannot use, and
  /// the checks above stand alone), or a refusal (``CommandRefusal``, 69) when another
  /// process holds it. A holder that counts no more (stopped or finished, saving its
  /// session) is waited for, up to three seconds: `cadence stop` then a new focus starts it.
  public static func claim(in store: Store, environment: [String: String]) throws -> Int32? {
    guard let path = lockPath(environment) else { return nil }
    switch ProcessLock.take(path) {
    case .success(let descriptor?): return descriptor
    case .success(nil):
      if let sentence = try refusal(in: store, environment: environment) {
        throw CommandRefusal(sentence: sentence, status: .unavailable)
      }
      // Held by no run that counts: one that has just stopped or finished and is saving its
      // session, or one only starting. The first lets it go in a moment; wait for that.
      switch ProcessLock.take(path, waitingUpTo: lockWaitMilliseconds) {
      case .success(let descriptor?): return descriptor
      case .success(nil):
        let sentence = try refusal(in: store, environment: environment) ?? starting
        throw CommandRefusal(sentence: sentence, status: .unavailable)
      case .failure: return nil
      }
    case .failure: return nil
    }
  }

  /// How long a new focus waits for the lock held by a run that counts no more.
  static let lockWaitMilliseconds = 3000

  /// Whether another process holds the lock: a focus or break counting, or about to.
  public static func isClaimed(environment: [String: String]) -> Bool {
    lockPath(environment).map(ProcessLock.isHeld) ?? false
  }

  private static func lockPath(_ environment: [String: String]) -> String? {
    let directory = RuntimeDirectory(environment: environment)
    guard directory.prepare() == nil else { return nil }
    return directory.path + "/focus.lock"
  }

  /// The focus or break counting in another live process: one the database keeps whose
  /// control socket says it is counting (or, with no socket to ask, whose process lives and
  /// gave a sign of life lately), or one whose socket answers although the database does not
  /// have it yet, having only just started. A run that is ending (stopped, its session being
  /// saved) counts no more.
  public static func running(
    in store: Store, environment: [String: String], clock: WallClock = .system
  ) throws(StoreError)
    -> Found?
  {
    let paths = [RunIdentity.countdownPath(for: .focus), RunIdentity.countdownPath(for: .break)]
    let me = Processes.current
    let directory = RuntimeDirectory(environment: environment)
    let now = Timestamp.milliseconds(clock.now())
    let recent = Int64(RunRecorder.heartbeatSeconds) * 3000
    for kept in try store.activeRuns().reversed()
    where paths.contains(kept.routinePath) && kept.pid != me && Processes.isAlive(kept.pid) {
      switch ControlClient.request(.status, socket: directory.socket(String(kept.pid))) {
      case .success(let reply):
        guard let status = reply.status, !ended(status) else { continue }
      case .failure:
        guard now - kept.heartbeatAt < recent else { continue }
      }
      return Found(
        pid: kept.pid, isBreak: kept.routinePath == RunIdentity.countdownPath(for: .break),
        mandatory: kept.details.mandatoryBreak, task: kept.details.task)
    }
    let live = ControlClient.live(in: directory).last {
      paths.contains($0.status.path) && $0.status.pid != me && !ended($0.status)
    }
    guard let live else { return nil }
    return Found(
      pid: live.status.pid, isBreak: live.status.path == RunIdentity.countdownPath(for: .break),
      mandatory: live.status.mandatory, task: nil)
  }

  private static func ended(_ status: RunStatus) -> Bool {
    status.state == "finished" || status.state == "stopped"
  }
}
