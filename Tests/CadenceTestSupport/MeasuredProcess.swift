import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One run of a program, measured on its own: the wall time it took and its peak resident
/// memory, from the rusage that wait4 gives for that one child (RUSAGE_CHILDREN would give the
/// largest child of the whole test process instead).
///
/// The child is started by a small python3 process that forks and waits for it. Started from
/// the test process directly, its peak would be at least the test process's own: posix_spawn
/// starts the child in the parent's memory (vfork), and Linux keeps the high-water mark of the
/// memory a process had when it calls exec, which there is the whole test process's (150 MB
/// and more when many tests have run, a gigabyte under AddressSanitizer).
public struct MeasuredProcess: Sendable {
  /// The exit status, when it exited.
  public var status: Int32?
  /// The signal that ended it, when one did.
  public var signal: Int32?
  public var standardOutput: String
  public var standardError: String
  public var seconds: Double
  /// Processor time it took (user and system), which other work on the machine changes far
  /// less than the wall time.
  public var cpuSeconds: Double
  public var peakMegabytes: Double

  public enum Failure: Error { case cannotWait(Int32) }

  /// Runs `executable` (a path) with `arguments`, standard input from /dev/null, to its end.
  public static func run(_ executable: String, _ arguments: [String]) throws -> MeasuredProcess {
    let scratch = try TemporaryFolder("measured").created()
    defer { scratch.remove() }
    let usagePath = scratch.path("usage")
    let started = ContinuousClock.now
    let pid = try CleanSpawn.start(
      ["/usr/bin/python3", "-c", Self.measurer, usagePath, executable] + arguments,
      output: scratch.path("out"), error: scratch.path("err"), environment: Self.environment)
    guard let starterStatus = CleanSpawn.wait(pid) else { throw Failure.cannotWait(errno) }
    let elapsed = ContinuousClock.now - started
    let usage = try String(contentsOfFile: usagePath, encoding: .utf8)
      .split(separator: " ").map { Double($0)! }
    guard starterStatus == 0, usage.count == 4 else { throw Failure.cannotWait(starterStatus) }
    let status = Int32(usage[0])
    let signal = status & 0x7F
    return MeasuredProcess(
      status: signal == 0 ? (status >> 8) & 0xFF : nil,
      signal: signal == 0 ? nil : signal,
      standardOutput: (try? String(contentsOfFile: scratch.path("out"), encoding: .utf8)) ?? "",
      standardError: (try? String(contentsOfFile: scratch.path("err"), encoding: .utf8)) ?? "",
      seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
      cpuSeconds: usage[1] + usage[2],
      peakMegabytes: usage[3] / 1024)
  }

  /// The test's environment, with AddressSanitizer's quarantine of freed memory held to 1 MB.
  /// By default the quarantine keeps 256 MB of freed memory from reuse, so a program built with
  /// the sanitizer (scripts/test's second run) has a peak that grows with all it ever freed, up
  /// to that much: a program that reads a long history row by row would look as if it held the
  /// history. A program built without the sanitizer ignores the variable.
  static var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["ASAN_OPTIONS"] =
      "quarantine_size_mb=1:thread_local_quarantine_size_kb=64:"
      + (environment["ASAN_OPTIONS"] ?? "")
    return environment
  }

  /// Forks, execs the program in the child (argv[2] and on) and writes the child's wait
  /// status, user and system seconds and peak resident kilobytes to the file argv[1].
  static let measurer = """
    import os, sys
    pid = os.fork()
    if pid == 0:
        try:
            os.execv(sys.argv[2], sys.argv[2:])
        finally:
            os._exit(127)
    while True:
        try:
            _, status, usage = os.wait4(pid, 0)
            break
        except InterruptedError:
            continue
    with open(sys.argv[1], "w") as out:
        out.write(f"{status} {usage.ru_utime} {usage.ru_stime} {usage.ru_maxrss}")
    """
}
