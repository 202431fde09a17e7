import CadenceTestSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One run of the `cadence` binary, measured on its own: the wall time it took and its peak
/// resident memory, from the rusage that wait4 gives for that one child (RUSAGE_CHILDREN would
/// give the largest child of the whole test process instead).
///
/// The child is started by a small python3 process that forks and waits for it. Started from
/// the test process directly, its peak would be at least the test process's own: posix_spawn
/// starts the child in the parent's memory (vfork), and Linux keeps the high-water mark of the
/// memory a process had when it calls exec, which there is the whole test process's (150 MB
/// and more when many tests have run, a gigabyte under AddressSanitizer).
struct MeasuredProcess {
  /// The exit status, when it exited.
  var status: Int32?
  /// The signal that ended it, when one did.
  var signal: Int32?
  var standardOutput: String
  var standardError: String
  var seconds: Double
  /// Processor time it took (user and system), which other work on the machine changes far
  /// less than the wall time.
  var cpuSeconds: Double
  var peakMegabytes: Double

  enum Failure: Error { case cannotSpawn(Int32), cannotWait(Int32) }

  static func run(_ arguments: [String]) throws -> MeasuredProcess {
    let scratch = try TemporaryFolder("measured").created().url
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outPath = scratch.appendingPathComponent("out").path
    let errPath = scratch.appendingPathComponent("err").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let binary = CadenceProcess.binary.path
    let usagePath = scratch.appendingPathComponent("usage").path
    let starter = "/usr/bin/python3"
    var argv: [UnsafeMutablePointer<CChar>?] =
      ([starter, "-c", Self.measurer, usagePath, binary] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let started = ContinuousClock.now
    let spawned = CleanSpawn.withAttributes { attributes in
      posix_spawn(&pid, starter, &actions, &attributes, &argv, environ)
    }
    guard spawned == 0 else { throw Failure.cannotSpawn(spawned) }
    var starterStatus: Int32 = 0
    while waitpid(pid, &starterStatus, 0) < 0 {
      guard errno == EINTR else { throw Failure.cannotWait(errno) }
    }
    let elapsed = ContinuousClock.now - started
    let usage = try String(contentsOfFile: usagePath, encoding: .utf8)
      .split(separator: " ").map { Double($0)! }
    guard starterStatus == 0, usage.count == 4 else { throw Failure.cannotWait(starterStatus) }
    let status = Int32(usage[0])
    let signal = status & 0x7F
    return MeasuredProcess(
      status: signal == 0 ? (status >> 8) & 0xFF : nil,
      signal: signal == 0 ? nil : signal,
      standardOutput: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
      standardError: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
      seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
      cpuSeconds: usage[1] + usage[2],
      peakMegabytes: usage[3] / 1024)
  }

  /// Forks, execs the binary in the child (argv[2] and on) and writes the child's wait status,
  /// user and system seconds and peak resident kilobytes to the file argv[1].
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
