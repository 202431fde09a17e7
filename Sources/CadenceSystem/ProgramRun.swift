import CSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Running another program to its end, with a time limit: an argument list, never through a
/// shell, as the leader of a session and process group of its own (no controlling terminal),
/// its standard output and error captured together. Past the time limit, or when `stopping`
/// says so, the whole group is killed; when the program ends by itself, what it left running
/// in its group is killed too. The caller's thread waits: call it from a thread that may.
public struct ProgramRun: Sendable, Equatable {
  /// How a program ended.
  public enum Ending: Sendable, Equatable {
    case exited(Int32)
    case signalled(Int32)
    /// Killed with its group at its time limit.
    case timedOut
    /// Killed with its group because the caller was stopping.
    case stopped
    /// Never started: the system's reason.
    case notStarted(String)
  }

  public var ending: Ending
  /// What it wrote on standard output and error, cut at `keep` bytes.
  public var output: [UInt8]
  /// Whether it wrote more than `readLimit`, so that its output was closed.
  public var flooded: Bool

  public init(ending: Ending, output: [UInt8], flooded: Bool) {
    self.ending = ending
    self.output = output
    self.flooded = flooded
  }

  /// Whether it exited with status 0 and did not flood its output.
  public var succeeded: Bool { ending == .exited(0) && !flooded }

  /// Its output as text (invalid UTF-8 replaced).
  public var text: String { String(decoding: output, as: UTF8.self) }

  /// How often a wait looks at its clock and its process, at the longest, in milliseconds.
  static let slice: Int64 = 50

  /// Runs `executable` (a path) with `arguments` (the program's name first is not included:
  /// argv[0] is `executable`), with `environment` (nil: this process's), `input` on its
  /// standard input (nothing: /dev/null), until it ends or `timeout` passes. `keep` bytes of
  /// its output are kept, and past `readLimit` its pipe is closed. With `yielding`, it runs at a
  /// lower priority than Cadence's own threads.
  public static func run(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    input: [UInt8] = [], timeout: Duration, keep: Int = 65_536, readLimit: Int = 1 << 20,
    yielding: Bool = true, stopping: () -> Bool = { false }
  ) -> ProgramRun {
    var output: [Int32] = [-1, -1]
    var inputEnds: [Int32] = [-1, -1]
    guard cadence_pipe_cloexec(&output) == 0,
      input.isEmpty || cadence_pipe_cloexec(&inputEnds) == 0
    else {
      let why = Errno.current.description
      for end in output + inputEnds where end >= 0 { close(end) }
      return ProgramRun(ending: .notStarted("no pipe: \(why)"), output: [], flooded: false)
    }
    // A session of its own: its process group (to kill whole) is then its own too, it has no
    // controlling terminal (so it cannot open /dev/tty and draw on the user's screen or read
    // the keys), and the kernel's autogroup weighs its processor time apart from Cadence's.
    let spawn = Spawn(
      executable, arguments, environment: environment.map(Spawn.entries),
      fileActions: [
        inputEnds[0] >= 0 ? .duplicate(inputEnds[0], as: 0) : .open(0, path: "/dev/null", .reading),
        .duplicate(output[1], as: 1), .duplicate(output[1], as: 2), .closeFrom(3),
      ],
      newSession: true)
    let started = spawn.start()
    close(output[1])
    if inputEnds[0] >= 0 { close(inputEnds[0]) }
    let pid: Int32
    switch started {
    case .success(let child): pid = child
    case .failure(let why):
      close(output[0])
      if inputEnds[1] >= 0 { close(inputEnds[1]) }
      return ProgramRun(ending: .notStarted(why.description), output: [], flooded: false)
    }
    if yielding { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(pid), 10) }
    if inputEnds[1] >= 0 { feed(input, to: inputEnds[1]) }
    var reader = OutputReader(descriptor: output[0], keep: keep, readLimit: readLimit)
    let deadline = ContinuousClock.now + timeout
    var ending: Ending?
    while ending == nil {
      if hasEnded(pid) { break }
      let left = ContinuousClock.now.duration(to: deadline)
      if left <= .zero {
        ending = .timedOut
      } else if stopping() {
        ending = .stopped
      } else {
        let (seconds, attoseconds) = left.components
        let wait = min(slice, seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
        reader.wait(milliseconds: Int32(wait))
      }
    }
    // The leader is a zombie or still running, so its group id cannot have been reused:
    // whatever is left of the group goes now (everything, past the time limit).
    kill(-pid, SIGKILL)
    let ended = Processes.wait(pid)
    reader.drain()
    if ending == nil {
      switch ended {
      case .success(.signalled(let signal)): ending = .signalled(signal)
      case .success(.exited(let code)): ending = .exited(code)
      case .failure: ending = .exited(0)
      }
    }
    return ProgramRun(ending: ending ?? .stopped, output: reader.kept, flooded: reader.flooded)
  }

  /// Whether `pid` has ended, without reaping it.
  private static func hasEnded(_ pid: pid_t) -> Bool {
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) < 0 {
      if errno != EINTR { return true }
    }
    return info.si_signo != 0
  }

  /// Writes `input` to `descriptor` on a thread of its own (a program that does not read it
  /// must not block its waiter), then closes it.
  private static func feed(_ input: [UInt8], to descriptor: Int32) {
    DetachedThread.start {
      // A program that stops reading (EPIPE) is its own affair: what it read is what it got.
      _ = input.withUnsafeBytes { Descriptor.writeAll(descriptor, $0) }
      close(descriptor)
    }
  }
}
