import CadenceSystem
import Dispatch
import FoundationEssentials
import Synchronization

/// Runs a command that a hook or a setting asked for: an argument list, never through a shell,
/// as the leader of a session and process group of its own (no controlling terminal), with a
/// time limit after which the whole group is killed. When the program ends by itself, what it
/// left running in its group is killed too.
/// Its output (standard output and error together) is captured up to 4 KB; past 1 MB Cadence
/// stops reading and closes the pipe, so a program that floods it gets SIGPIPE. Each command
/// waits on a thread of its own, so nothing it does can hold up the timer, and at most
/// `maximumRunning` run at once.
public final class ActionRunner: @unchecked Sendable {
  /// How a command ended.
  public struct Outcome: Sendable, Equatable {
    /// How it ended (`notStarted` says `no such program on PATH`, or the system's reason).
    public typealias Ending = ProgramRun.Ending

    public var ending: Ending
    /// What it wrote, cut at `outputLimit` bytes.
    public var output: String
    /// Whether it wrote more than `readLimit`, so that its output was closed.
    public var flooded: Bool

    public var succeeded: Bool { ending == .exited(0) && !flooded }
  }

  public static let outputLimit = 4096
  public static let readLimit = 1 << 20

  public let maximumRunning: Int
  private struct Counts {
    var running = 0
    var stopping = false
  }

  private let counts = Mutex(Counts())
  private let group = DispatchGroup()

  public init(maximumRunning: Int = 4) {
    self.maximumRunning = maximumRunning
  }

  /// Starts `arguments` (the first is the program, looked for on `PATH` unless it has a `/`),
  /// with `input` on its standard input (nothing: /dev/null), and calls `done` on another
  /// thread when it has ended. Returns false, starting nothing, when `maximumRunning` commands
  /// are running already.
  @discardableResult
  public func run(
    _ arguments: [String], timeout milliseconds: Int64, input: [UInt8] = [],
    environment: [String: String], done: @escaping @Sendable (Outcome) -> Void
  ) -> Bool {
    let admitted = counts.withLock {
      guard $0.running < maximumRunning, !$0.stopping else { return false }
      $0.running += 1
      return true
    }
    guard admitted else { return false }
    group.enter()
    // A stack of Foundation's threads' size: `done` tells the run's outputs.
    DetachedThread.start(stackSize: 1 << 23) { [self] in
      let outcome: Outcome
      let program = arguments[0]
      if let executable = program.contains("/")
        ? program : Processes.locate(program, environment: environment)
      {
        outcome = execute(executable, arguments, timeout: milliseconds, input: input)
      } else {
        outcome = Outcome(
          ending: .notStarted("no such program on PATH"), output: "", flooded: false)
      }
      counts.withLock { $0.running -= 1 }
      done(outcome)
      group.leave()
    }
    return true
  }

  /// Waits for the commands still running (each ends by its time limit at the latest).
  public func wait() { group.wait() }

  /// Kills every command still running, with its group, and starts no more.
  public func stop() { counts.withLock { $0.stopping = true } }

  private var isStopping: Bool { counts.withLock { $0.stopping } }

  private func execute(
    _ executable: String, _ arguments: [String], timeout milliseconds: Int64, input: [UInt8]
  ) -> Outcome {
    let finished = ProgramRun.run(
      executable, Array(arguments.dropFirst()), input: input,
      timeout: .milliseconds(milliseconds), keep: Self.outputLimit, readLimit: Self.readLimit,
      stopping: { isStopping })
    return Outcome(
      ending: finished.ending, output: finished.text, flooded: finished.flooded)
  }
}
