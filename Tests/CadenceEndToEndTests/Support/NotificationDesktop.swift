import CadenceTestSupport
import Foundation
import Testing

/// A desktop notification stack of a test's own: Xvfb on a free display, a private D-Bus
/// session bus, and Debian's real `dunst` on both. `environment` is what a program needs to
/// reach it (`DISPLAY`, `DBUS_SESSION_BUS_ADDRESS`); `shown()` is every notification dunst has
/// shown or updated, with its id and urgency; `invoke(_:on:)` chooses an action from dunst's
/// context menu as a user would.
///
/// The bus has no service files, so nothing on it is started behind the test's back (Debian's
/// own session bus would start a dunst with the user's configuration). dunst's configuration is
/// the harness's: nothing times out, a `script` rule logs each notification, and the context
/// menu's `dmenu` is a script that picks the line the test asked for. Stopped by `stop()` or
/// when the value goes.
final class NotificationDesktop: @unchecked Sendable {
  /// A notification as dunst showed it (a replacement is shown again, under the same id).
  struct Shown: Equatable, CustomStringConvertible {
    var id: Int
    /// `LOW`, `NORMAL` or `CRITICAL`, as dunst names them.
    var urgency: String
    var appName: String
    var summary: String
    var body: String

    var description: String { "#\(id) \(urgency) \(appName): \(summary) / \(body)" }
  }

  /// A closed notification in dunst's history.
  struct Closed: Equatable {
    var id: Int
    var summary: String
    var body: String
  }

  /// Why the stack could not start.
  struct Unavailable: Error, CustomStringConvertible {
    var description: String
  }

  let directory: URL
  /// `DISPLAY` and `DBUS_SESSION_BUS_ADDRESS` of this stack.
  let environment: [String: String]
  private var pids: [pid_t] = []
  /// The X server dunst shows its notifications on.
  private var server: XvfbServer?
  private let lock = NSLock()

  /// The programs the stack needs, all from Debian (`scripts/setup` installs them).
  static let programs = ["Xvfb", "dbus-daemon", "dunst", "dunstctl", "dbus-send", "notify-send"]

  /// Starts the stack; throws when a program is missing or a part does not come up in time.
  init() throws {
    for program in Self.programs where Program.locate(program) == nil {
      throw Unavailable(
        description:
          "\(program) is not installed; scripts/setup installs it (Debian packages dunst, xvfb, libnotify-bin, dbus)"
      )
    }
    directory = try TemporaryFolder("desktop").created().url
    var started: [pid_t] = []
    var server: XvfbServer?
    do {
      let x = try XvfbServer(screen: "1024x768x24")
      server = x
      let bus = directory.appendingPathComponent("bus").path
      let configuration = directory.appendingPathComponent("bus.conf")
      try Self.busConfiguration(socket: bus).write(
        to: configuration, atomically: true, encoding: .utf8)
      let addressFile = directory.appendingPathComponent("address").path
      started.append(
        try Self.spawn(
          [
            "dbus-daemon", "--config-file=\(configuration.path)", "--nofork",
            "--print-address=1",
          ], output: addressFile, environment: [:]))
      let address = try Self.poll("the D-Bus address", seconds: 20) {
        Self.firstLine(of: addressFile) { $0.hasPrefix("unix:") }
      }
      environment = ["DISPLAY": x.display, "DBUS_SESSION_BUS_ADDRESS": address]
      let dunstrc = directory.appendingPathComponent("dunstrc")
      try writeScripts()
      try Self.dunstConfiguration(directory: directory.path).write(
        to: dunstrc, atomically: true, encoding: .utf8)
      started.append(
        try Self.spawn(
          ["dunst", "-conf", dunstrc.path],
          output: directory.appendingPathComponent("dunst.log").path,
          environment: environment))
      pids = started
      self.server = x
      _ = try Self.poll("dunst on the bus", seconds: 20) {
        self.control(["count", "displayed"]).status == 0 ? true : nil
      }
    } catch {
      pids = []
      for pid in started.reversed() { Self.end(pid) }
      server?.stop()
      var said = ""
      for name in ["address", "dunst.log"] {
        let text =
          (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
        said += "\n\(name): \(text)"
      }
      try? FileManager.default.removeItem(at: directory)
      throw Unavailable(description: "\(error)\(said)")
    }
  }

  deinit { stop() }

  /// Ends dunst, the bus and Xvfb (each by its own id), and removes the folder.
  func stop() {
    let (ending, x) = lock.withLock {
      defer {
        pids = []
        server = nil
      }
      return (pids, server)
    }
    guard !ending.isEmpty else { return }
    for pid in ending.reversed() { Self.end(pid) }
    x?.stop()
    try? FileManager.default.removeItem(at: directory)
  }

  /// The environment of a program that should reach this desktop: `base` with this stack's
  /// display and bus.
  func environment(_ base: [String: String]) -> [String: String] {
    base.merging(environment) { $1 }
  }

  // MARK: What dunst shows

  /// Every notification dunst has shown, a replacement again under the same id, in order.
  func shown() -> [Shown] {
    let url = directory.appendingPathComponent("shown.log")
    guard let data = try? Data(contentsOf: url) else { return [] }
    let fields = data.split(separator: 0, omittingEmptySubsequences: false)
      .map { String(decoding: $0, as: UTF8.self) }
    var result: [Shown] = []
    var index = 0
    while index + 5 <= fields.count {
      if let id = Int(fields[index]) {
        result.append(
          Shown(
            id: id, urgency: fields[index + 1], appName: fields[index + 2],
            summary: fields[index + 3], body: fields[index + 4]))
      }
      index += 5
    }
    return result
  }

  /// The shown notifications once `condition` holds of them, up to `seconds`; records an issue
  /// (and returns what there is) if it never does.
  @discardableResult
  func shown(
    seconds: Double = 20, sourceLocation: SourceLocation = #_sourceLocation,
    until condition: ([Shown]) -> Bool
  ) -> [Shown] {
    let deadline = Date().addingTimeInterval(seconds)
    var last = shown()
    while !condition(last), Date() < deadline {
      usleep(20_000)
      last = shown()
    }
    if !condition(last) {
      Issue.record(
        "dunst never showed what was expected; it showed:\n\(last)", sourceLocation: sourceLocation)
    }
    return last
  }

  /// How many notifications dunst has on screen now.
  func displayed() throws -> Int { try count("displayed") }

  /// How many closed notifications dunst keeps in its history.
  func historyCount() throws -> Int { try count("history") }

  private func count(_ which: String) throws -> Int {
    let result = control(["count", which])
    guard result.status == 0,
      let number = Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw Unavailable(description: "dunstctl count \(which) said: \(result.output)") }
    return number
  }

  /// The closed notifications in dunst's history (`dunstctl history`), newest first.
  func history() throws -> [Closed] {
    let result = control(["history"])
    guard result.status == 0,
      let root = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
        as? [String: Any],
      let groups = root["data"] as? [[[String: Any]]]
    else { throw Unavailable(description: "dunstctl history said: \(result.output)") }
    func value(_ entry: [String: Any], _ key: String) -> Any? {
      (entry[key] as? [String: Any])?["data"]
    }
    return groups.flatMap { $0 }.map { entry in
      Closed(
        id: (value(entry, "id") as? Int) ?? -1, summary: (value(entry, "summary") as? String) ?? "",
        body: (value(entry, "body") as? String) ?? "")
    }
  }

  // MARK: Acting on it

  /// Chooses the action `name` of notification `id` from dunst's context menu (`dunstctl
  /// context`, whose menu program is the harness's), as a user picking it would; dunst then
  /// tells the program that sent the notification. Returns the menu dunst offered (lines such
  /// as `#Skip break (Break) [3,skip]`); the action was chosen only if the menu had it, which
  /// the harness records as an issue when it did not.
  @discardableResult
  func invoke(
    _ name: String, on id: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [String] {
    let choice = "[\(id),\(name)]"
    let menuLog = directory.appendingPathComponent("menu.log")
    try? FileManager.default.removeItem(at: menuLog)
    try Data((choice + "\n").utf8).write(to: directory.appendingPathComponent("choice"))
    let opened = control(["context"])
    guard opened.status == 0 else {
      throw Unavailable(description: "dunstctl context said: \(opened.output)")
    }
    let menu = try Self.poll("dunst's context menu", seconds: 20) {
      (try? String(contentsOf: self.directory.appendingPathComponent("menu.done"), encoding: .utf8))
        .flatMap { _ in try? String(contentsOf: menuLog, encoding: .utf8) }
    }
    try? FileManager.default.removeItem(at: directory.appendingPathComponent("menu.done"))
    let lines = menu.split(separator: "\n").map(String.init)
    if !lines.contains(where: { $0.hasSuffix(choice) }) {
      Issue.record(
        "dunst's context menu had no action \(choice); it had:\n\(lines)",
        sourceLocation: sourceLocation)
    }
    return lines
  }

  /// Closes every notification on screen (they go to the history).
  func closeAll() { _ = control(["close-all"]) }

  /// Runs `dunstctl` with `arguments` on this stack's bus: its status and output.
  func control(_ arguments: [String]) -> (status: Int32, output: String) {
    Self.run(["dunstctl"] + arguments, environment: environment)
  }

  /// Runs `notify-send` with `arguments` on this stack's bus: its status and output.
  func notifySend(_ arguments: [String]) -> (status: Int32, output: String) {
    Self.run(["notify-send"] + arguments, environment: environment)
  }

  // MARK: Set-up

  private func writeScripts() throws {
    let path = directory.path
    // dunst runs a rule's script with the notification in DUNST_* variables, for each one it
    // shows and again for each replacement. Fields end with NUL: a body may hold anything.
    let shown = """
      #!/bin/sh
      printf '%s\\0' "$DUNST_ID" "$DUNST_URGENCY" "$DUNST_APP_NAME" "$DUNST_SUMMARY" "$DUNST_BODY" >> '\(path)/shown.log'
      """
    // dunst's context menu: the menu on standard input, the chosen line on standard output.
    let menu = """
      #!/bin/sh
      cat > '\(path)/menu.log'
      grep -F -- "$(cat '\(path)/choice')" '\(path)/menu.log' | head -n 1
      : > '\(path)/menu.done'
      """
    for (name, text) in [("shown", shown), ("menu", menu)] {
      let url = directory.appendingPathComponent(name)
      try ExecutableScript.write(text + "\n", to: url.path)
    }
  }

  private static func busConfiguration(socket: String) -> String {
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

  private static func dunstConfiguration(directory: String) -> String {
    """
    [global]
        dmenu = \(directory)/menu
        browser = /bin/true
        show_indicators = false
        idle_threshold = 0
    [urgency_low]
        timeout = 0
    [urgency_normal]
        timeout = 0
    [urgency_critical]
        timeout = 0
    [cadence_shown]
        script = \(directory)/shown

    """
  }

  // MARK: Processes

  /// The first complete line of the file at `path` that `accepted` takes, if there is one yet.
  private static func firstLine(of path: String, _ accepted: (String) -> Bool) -> String? {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").dropLast(text.hasSuffix("\n") ? 0 : 1).map(String.init)
      .first(where: accepted)
  }

  /// The environment of the stack's programs: PATH and HOME only, plus `extra`.
  private static func base(_ extra: [String: String]) -> [String: String] {
    let inherited = ProcessInfo.processInfo.environment
    let values = [
      "PATH": inherited["PATH"] ?? "/usr/bin:/bin", "HOME": inherited["HOME"] ?? "/tmp",
      "LANG": "C.UTF-8",
    ]
    return values.merging(extra) { $1 }
  }

  /// Starts `words` with standard input from /dev/null and output to the file `output`, in a
  /// clean signal state (so SIGTERM ends it); its process id.
  private static func spawn(_ words: [String], output: String, environment: [String: String])
    throws -> pid_t
  {
    do {
      return try CleanSpawn.start(words, output: output, environment: base(environment))
    } catch {
      throw Unavailable(description: "\(error)")
    }
  }

  /// Runs `words` to its end (at most 20 seconds), its output through a file: its status and
  /// output.
  static func run(_ words: [String], environment: [String: String]) -> (
    status: Int32, output: String
  ) {
    (try? CleanSpawn.run(words, seconds: 20, environment: base(environment)))
      ?? (127, "\(words[0]) could not start")
  }

  /// Ends `pid` with SIGTERM (SIGKILL after two seconds) and reaps it.
  private static func end(_ pid: pid_t) { CleanSpawn.end(pid) }

  /// `probe`'s first non-nil answer, tried every 20 ms for up to `seconds`; throws naming
  /// `what` if none comes.
  private static func poll<T>(_ what: String, seconds: Double, _ probe: () -> T?) throws -> T {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if let value = probe() { return value }
      usleep(20_000)
    }
    throw Unavailable(description: "\(what) did not come within \(Int(seconds)) seconds")
  }
}
