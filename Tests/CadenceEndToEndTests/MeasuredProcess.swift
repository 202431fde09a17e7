import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One run of the `cadence` binary, measured on its own: the wall time it took and its peak
/// resident memory, from the rusage that wait4 gives for that one child (RUSAGE_CHILDREN would
/// give the largest child of the whole test process instead).
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
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("cadence-measured-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
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
    var argv: [UnsafeMutablePointer<CChar>?] = ([binary] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let started = ContinuousClock.now
    let spawned = CleanSpawn.withAttributes { attributes in
      posix_spawn(&pid, binary, &actions, &attributes, &argv, environ)
    }
    guard spawned == 0 else { throw Failure.cannotSpawn(spawned) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else { throw Failure.cannotWait(errno) }
    }
    let elapsed = ContinuousClock.now - started
    let signal = status & 0x7F
    return MeasuredProcess(
      status: signal == 0 ? (status >> 8) & 0xFF : nil,
      signal: signal == 0 ? nil : signal,
      standardOutput: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
      standardError: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
      seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
      cpuSeconds: Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6,
      peakMegabytes: Double(usage.ru_maxrss) / 1024)
  }
}
