import CSystem
import CadenceSystem
import Dispatch
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a command that a hook or a setting asked for: an argument list, never through a shell,
/// as the leader of a session and process group of its own (no controlling terminal), with a
/// time limit after which the whole group is killed. When the program ends by itself, what it
/// left running in its group is killed too.
/// Its output (standard output and error together) is captured up to 4 KB; past 1 MB Cadence
/// stops reading and closes the pipe, so a program that floods it gets SIGPIPE. Each command
/// waits on a thread of its own, so nothing it does can hold up the timer, and at most
/// `maximumRunning` run at once.
final class ActionRunner: @unchecked Sendable {
  /// How a command ended.
  struct Outcome: Sendable, Equatable {
    enum Ending: Sendable, Equatable {
      case exited(Int32)
      case signalled(Int32)
      /// Killed with its group at its time limit.
      case timedOut
      /// Killed with its group because the run was stopped.
      case stopped
      /// Never started: why (`no such program on PATH`, or the system's reason).
      case notStarted(String)
    }

    var ending: Ending
    /// What it wrote, cut at `outputLimit` bytes.
    var output: String
    /// Whether it wrote more than `readLimit`, so that its output was closed.
    var flooded: Bool

    var succeeded: Bool { ending == .exited(0) && !flooded }
  }

  static let outputLimit = 4096
  static let readLimit = 1 << 20
  /// How often a command's wait looks at its clock and its process, at the longest.
  static let slice = 50

  let maximumRunning: Int
  private struct Counts {
    var running = 0
    var stopping = false
  }

  private let counts = Mutex(Counts())
  private let group = DispatchGroup()

  init(maximumRunning: Int = 4) {
    self.maximumRunning = maximumRunning
  }

  /// Starts `arguments` (the first is the program, looked for on `PATH` unless it has a `/`),
  /// with `input` on its standard input (nothing: /dev/null), and calls `done` on another
  /// thread when it has ended. Returns false, starting nothing, when `maximumRunning` commands
  /// are running already.
  @discardableResult
  func run(
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
        ? program : ExternalCommand.locate(program, environment: environment)
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
  func wait() { group.wait() }

  /// Kills every command still running, with its group, and starts no more.
  func stop() { counts.withLock { $0.stopping = true } }

  private var isStopping: Bool { counts.withLock { $0.stopping } }

  private static func reason(_ number: Int32) -> String { String(cString: strerror(number)) }

  private func execute(
    _ executable: String, _ arguments: [String], timeout milliseconds: Int64, input: [UInt8]
  ) -> Outcome {
    var output: [Int32] = [-1, -1]
    var inputEnds: [Int32] = [-1, -1]
    guard cadence_pipe_cloexec(&output) == 0,
      input.isEmpty || cadence_pipe_cloexec(&inputEnds) == 0
    else {
      let why = Self.reason(errno)
      for end in output + inputEnds where end >= 0 { close(end) }
      return Outcome(ending: .notStarted("no pipe: \(why)"), output: "", flooded: false)
    }
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let started = cadence_spawn_group(executable, argv, environ, inputEnds[0], output[1], &pid)
    close(output[1])
    if inputEnds[0] >= 0 { close(inputEnds[0]) }
    guard started == 0 else {
      close(output[0])
      if inputEnds[1] >= 0 { close(inputEnds[1]) }
      return Outcome(ending: .notStarted(Self.reason(started)), output: "", flooded: false)
    }
    // Behind the timer: the command and what it starts yield to Cadence's own threads.
    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(pid), 10)
    if inputEnds[1] >= 0 { Self.feed(input, to: inputEnds[1]) }
    var reader = OutputReader(descriptor: output[0])
    let deadline = ContinuousClock.now + .milliseconds(milliseconds)
    var ending: Outcome.Ending?
    while ending == nil {
      if Self.hasEnded(pid) { break }
      let left = ContinuousClock.now.duration(to: deadline)
      if left <= .zero {
        ending = .timedOut
      } else if isStopping {
        ending = .stopped
      } else {
        let (seconds, attoseconds) = left.components
        let wait = min(Int64(Self.slice), seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
        reader.wait(milliseconds: Int32(wait))
      }
    }
    // The leader is a zombie or still running, so its group id cannot have been reused:
    // whatever is left of the group goes now (everything, past the time limit).
    kill(-pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    reader.drain()
    if ending == nil {
      let signal = status & 0x7F
      ending = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }
    return Outcome(
      ending: ending ?? .stopped, output: String(decoding: reader.kept, as: UTF8.self),
      flooded: reader.flooded)
  }

  /// Whether `pid` has ended, without reaping it.
  private static func hasEnded(_ pid: pid_t) -> Bool {
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) < 0 {
      if errno != EINTR { return true }
    }
    return info.si_signo != 0
  }

  /// Writes `input` to `descriptor` on a thread of its own (a command that does not read it
  /// must not block its waiter), then closes it.
  private static func feed(_ input: [UInt8], to descriptor: Int32) {
    DetachedThread.start {
      // A command that stops reading (EPIPE) is its own affair: what it read is what it got.
      _ = input.withUnsafeBytes { Descriptor.writeAll(descriptor, $0) }
      close(descriptor)
    }
  }
}
