import Foundation

/// A desktop with the real dunst for one test: Xvfb on a display it picks itself, a private
/// D-Bus session bus with no service files (so nothing is started on it behind the test's
/// back), and Debian's `dunst` on both. `environment` reaches it (`DISPLAY`,
/// `DBUS_SESSION_BUS_ADDRESS`); `dunstctl` asks it. Ended, each process by its own id, by
/// `stop()` or when the value goes.
final class DunstSession: @unchecked Sendable {
  struct Unavailable: Error, CustomStringConvertible { var description: String }

  let folder: URL
  /// `DISPLAY` and `DBUS_SESSION_BUS_ADDRESS`.
  private(set) var environment: [String: String] = [:]
  private var processes: [Process] = []

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cadence-dunst-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    do {
      let display = try start(
        ["/usr/bin/Xvfb", "-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "640x480x24"],
        answer: "display")
      let configuration = folder.appendingPathComponent("bus.conf")
      try Self.bus(socket: folder.appendingPathComponent("bus").path).write(
        to: configuration, atomically: true, encoding: .utf8)
      let address = try start(
        [
          "/usr/bin/dbus-daemon", "--config-file=\(configuration.path)", "--nofork",
          "--print-address=1",
        ], answer: "address")
      environment = ["DISPLAY": ":\(display)", "DBUS_SESSION_BUS_ADDRESS": address]
      _ = try start(
        ["/usr/bin/dunst", "-conf", "/dev/null"], answer: nil,
        environment: environment.merging(["HOME": folder.path]) { $1 })
      guard Self.poll(seconds: 20, { self.dunstctl(["is-paused"]) == "false" }) else {
        throw Unavailable(description: "dunst did not come up on the private bus")
      }
    } catch {
      stop()
      throw error
    }
  }

  deinit { stop() }

  /// Ends dunst, the bus and Xvfb, and removes the folder.
  func stop() {
    // SIGKILL: they inherit the test process's blocked signals, SIGTERM among them.
    for process in processes.reversed() where process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    processes = []
    try? FileManager.default.removeItem(at: folder)
  }

  /// What `dunstctl ARGUMENTS` prints (trimmed), on this desktop.
  @discardableResult
  func dunstctl(_ arguments: [String]) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/dunstctl")
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return "" }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Whether `dunstctl is-paused` says `paused` within `seconds`.
  func waitUntil(paused: Bool, seconds: Double = 15) -> Bool {
    Self.poll(seconds: seconds) { self.dunstctl(["is-paused"]) == String(paused) }
  }

  /// Starts `arguments`; with `answer`, waits for the first line it writes on standard output
  /// and returns it.
  private func start(
    _ arguments: [String], answer: String?, environment: [String: String] = [:]
  ) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let file = folder.appendingPathComponent(answer ?? "log")
    _ = FileManager.default.createFile(atPath: file.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: file)
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    processes.append(process)
    guard let answer else { return "" }
    var line: String?
    _ = Self.poll(seconds: 20) {
      let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
      if text.hasSuffix("\n") { line = text.trimmingCharacters(in: .whitespacesAndNewlines) }
      return line != nil
    }
    guard let line else { throw Unavailable(description: "\(arguments[0]) gave no \(answer)") }
    return line
  }

  static func poll(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      usleep(50_000)
    }
    return condition()
  }

  /// A session bus listening on `socket` that anyone on it may use, with no service files.
  static func bus(socket: String) -> String {
    """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <type>session</type>
      <listen>unix:path=\(socket)</listen>
      <auth>EXTERNAL</auth>
      <policy context="default">
        <allow send_destination="*" eavesdrop="true"/>
        <allow eavesdrop="true"/>
        <allow own="*"/>
      </policy>
    </busconfig>

    """
  }
}
