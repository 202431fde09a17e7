import CadenceStore
import CadenceTestSupport
import Foundation

/// A new user's machine for trying documented examples as they are written: a home of its own
/// with the files the examples name, `cadence` on PATH (a link to the built binary), and a
/// working folder that is not the repository, so an example that only works from a clone
/// fails here.
struct ExampleWorld {
  /// How an example ended.
  enum Ending: Equatable {
    case exited(Int32)
    /// Still going when its time was up (a real-time run, `plan --watch`): stopped.
    case stillGoing
  }

  let home: URL
  let work: URL
  private let bin: URL

  init() throws {
    let root = TemporaryFolder("examples").url
    home = root.appendingPathComponent("home")
    work = home.appendingPathComponent("work")
    bin = root.appendingPathComponent("bin")
    for folder in [
      work, bin, home.appendingPathComponent("Downloads"),
      home.appendingPathComponent("routines"), root.appendingPathComponent("run"),
    ] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o700], ofItemAtPath: root.appendingPathComponent("run").path)
    try FileManager.default.createSymbolicLink(
      at: bin.appendingPathComponent("cadence"), withDestinationURL: CadenceProcess.binary)
    // The files the examples name, made as a user would.
    _ = try run("cadence show tabata > ~/Downloads/hiit.lua")
    _ = try run("cadence show revision > ~/routines/study.lua")
    // Coins for the shop's examples: a completed focus of 45 minutes.
    let store = try Store(path: home.path + "/.local/share/cadence/cadence.db")
    let start = Date().addingTimeInterval(-7200)
    try store.record(
      SessionRecord(
        kind: .focus, routine: nil, startedAt: start, endedAt: start.addingTimeInterval(2700),
        plannedMilliseconds: 2_700_000, activeMilliseconds: 2_700_000, outcome: .completed,
        coins: 45))
  }

  /// Starts a routine in the background unless one is going, for the examples that follow
  /// or control one (an example before may have stopped it: `stop`, or `attach` ended).
  func ensureRun() throws {
    guard try run("cadence status").ending == .exited(1) else { return }
    _ = try run("cadence run gym --detach --mute --no-notify")
  }

  /// Whether `example` acts on a run that is going.
  static func controlsARun(_ example: String) -> Bool {
    let words = example.split(separator: " ")
    return words.count > 1 && words[0] == "cadence"
      && ["status", "pause", "skip", "adjust", "stop", "attach"].contains(words[1])
  }

  var environment: [String: String] {
    [
      "HOME": home.path, "PATH": "\(bin.path):/usr/bin:/bin", "LANG": "C.UTF-8",
      "TERM": "xterm-256color",
      "TZ": "Europe/London",
      "XDG_RUNTIME_DIR": home.deletingLastPathComponent().appendingPathComponent("run").path,
    ]
  }

  /// Runs `line` with bash in the working folder on a terminal of its own, typing nothing,
  /// for at most `seconds`; returns how it ended and what it showed. A broken example fails at
  /// once, so a run still counting when the time is up is one that works.
  func run(_ line: String, seconds: Double = 2) throws -> (ending: Ending, error: String) {
    let root = home.deletingLastPathComponent()
    let runner = root.appendingPathComponent("pty-run.py")
    if !FileManager.default.fileExists(atPath: runner.path) {
      try Self.ptyRunner.write(to: runner, atomically: true, encoding: .utf8)
    }
    let said = root.appendingPathComponent("said-\(UUID().uuidString)")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [runner.path, line, String(seconds), said.path]
    process.currentDirectoryURL = work
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    let text = (try? String(contentsOf: said, encoding: .utf8)) ?? ""
    let status = process.terminationStatus
    return (status == 124 ? .stillGoing : .exited(status), text)
  }

  /// Runs a command line with bash on a new pseudo-terminal (a session of its own), keeps what
  /// it shows, and after the time given stops its whole process group: TERM, then KILL. Exits
  /// with the command's status, or 124 when it was still going.
  static let ptyRunner = """
    import os, pty, select, signal, sys, time
    line, seconds, out = sys.argv[1], float(sys.argv[2]), sys.argv[3]
    pid, fd = pty.fork()
    if pid == 0:
        os.execv("/bin/bash", ["/bin/bash", "-c", line])
    kept = open(out, "wb")
    def drain(wait):
        ready, _, _ = select.select([fd], [], [], wait)
        if ready:
            try:
                kept.write(os.read(fd, 65536))
            except OSError:
                pass
    def reaped():
        done, status = os.waitpid(pid, os.WNOHANG)
        return os.waitstatus_to_exitcode(status) if done else None
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        drain(0.02)
        code = reaped()
        if code is not None:
            drain(0)
            sys.exit(code if code >= 0 else 128 - code)
    os.killpg(pid, signal.SIGTERM)
    deadline = time.monotonic() + 2
    while time.monotonic() < deadline and reaped() is None:
        drain(0.02)
    else:
        try:
            os.killpg(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    sys.exit(124)
    """

  /// Whether an example ended as a documented example may: done (0), still going when
  /// stopped, or with nothing to act on (69: no run going for `pause`, nothing to resume).
  static func acceptable(_ ending: Ending) -> Bool {
    switch ending {
    case .stillGoing: return true
    case .exited(let status): return status == 0 || status == 69
    }
  }

  /// The example lines of `cadence help` and of every command's help, in order.
  func helpExamples() throws -> [String] {
    let commands = try output("cadence help").split(separator: "\n")
      .drop { $0 != "Commands:" }.dropFirst()
      .prefix { $0.hasPrefix("  ") }
      .compactMap { $0.split(separator: " ").first.map(String.init) }
    var examples = Self.examples(in: try output("cadence help"))
    for command in commands { examples += Self.examples(in: try output("cadence help \(command)")) }
    return examples
  }

  private func output(_ line: String) throws -> String {
    try Program.run("/bin/bash", ["-c", line], environment: environment, directory: work)
      .standardOutput
  }

  /// The indented lines under `Example:` or `Examples:` in a help text.
  static func examples(in help: String) -> [String] {
    help.split(separator: "\n", omittingEmptySubsequences: false)
      .drop { $0 != "Examples:" && $0 != "Example:" }.dropFirst()
      .prefix { $0.hasPrefix("  ") }
      .map { $0.trimmingCharacters(in: .whitespaces) }
  }
}
