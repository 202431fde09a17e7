#if canImport(Glibc)
  import Glibc
#endif

/// How a child process ended, as waitpid(2) reports it.
public enum ProcessEnding: Sendable, Equatable {
  case exited(Int32)
  case signalled(Int32)

  /// Decodes a wait status of a process that has ended (WIFEXITED, WTERMSIG).
  public init(status: Int32) {
    let signal = status & 0x7F
    self = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
  }
}

extension Processes {
  /// Waits for the child `pid` to end and reaps it (after interruptions): how it ended, or the
  /// errno when it is no child of this process.
  public static func wait(_ pid: Int32) -> Result<ProcessEnding, Errno> {
    var status: Int32 = 0
    return SystemCall.retrying { waitpid(pid, &status, 0) }.map { _ in
      ProcessEnding(status: status)
    }
  }

  /// Kills the child `pid` (SIGKILL) and reaps it: how it ended (killed, or as it ended by
  /// itself before), or the errno when it is no child of this process.
  public static func killAndWait(_ pid: Int32) -> Result<ProcessEnding, Errno> {
    _ = Glibc.kill(pid, SIGKILL)
    return wait(pid)
  }
}
