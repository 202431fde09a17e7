/// A process as it can be told apart from any other, across time and reboots: its id, when it
/// started (clock ticks after the boot, from `/proc/PID/stat`) and the boot it belongs to
/// (`/proc/sys/kernel/random/boot_id`). A process id alone is reused; the three together are
/// not.
public struct ProcessStamp: Equatable, Sendable {
  public var pid: Int32
  public var started: UInt64
  public var boot: String

  public init(pid: Int32, started: UInt64, boot: String) {
    self.pid = pid
    self.started = started
    self.boot = boot
  }

  /// This process's stamp; nil where /proc cannot be read.
  public static var current: ProcessStamp? { of(Processes.current) }

  /// The stamp of the process `pid` running now; nil when none is (or /proc cannot be read).
  public static func of(_ pid: Int32) -> ProcessStamp? {
    guard pid > 0, let boot = currentBoot, let started = startTicks(pid) else { return nil }
    return ProcessStamp(pid: pid, started: started, boot: boot)
  }

  /// Whether the process this stamp names is still running: same boot, same id, same start.
  public var isRunning: Bool { Self.of(pid) == self }

  /// This boot's id.
  public static var currentBoot: String? {
    guard
      case .success(let bytes) = PrivateFiles.read("/proc/sys/kernel/random/boot_id", limit: 256)
    else { return nil }
    let text = String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }
    return text.isEmpty ? nil : text
  }

  /// Field 22 of `/proc/PID/stat`, counted after the command's closing parenthesis (the command
  /// may hold spaces and parentheses itself).
  private static func startTicks(_ pid: Int32) -> UInt64? {
    guard case .success(let bytes) = PrivateFiles.read("/proc/\(pid)/stat", limit: 4096),
      let close = bytes.lastIndex(of: UInt8(ascii: ")"))
    else { return nil }
    let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
    // After the command come the state (field 3) ... the start time (field 22).
    guard fields.count > 19 else { return nil }
    return UInt64(String(decoding: fields[19], as: UTF8.self))
  }
}
