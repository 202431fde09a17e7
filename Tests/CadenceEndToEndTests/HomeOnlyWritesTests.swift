import CadenceTestSupport
import Foundation
import Testing

/// With `$HOME` a new folder and every XDG variable unset or empty, everything Cadence writes
/// (the sound cache, the trust list, the library, the history, a background run's sockets and
/// log) goes under `$HOME`: every call that makes, changes or removes a file is traced with
/// strace, in every process Cadence starts.
@Suite(.serialized, .timeLimit(.minutes(10))) struct HomeOnlyWritesTests {
  static let variables = [
    "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR",
  ]
  /// The calls that make, change or remove something at a path.
  static let calls =
    "trace=open,openat,creat,mkdir,mkdirat,rename,renameat,renameat2,unlink,unlinkat,link,"
    + "linkat,symlink,symlinkat,bind,truncate,rmdir,chmod,fchmodat"

  /// A session of commands in one new home, with XDG variables `empty` ("") or unset.
  struct Home {
    let home: URL
    let trace: URL
    let empty: Bool

    init(empty: Bool) throws {
      let base = TemporaryFolder("homeonly").url
      home = base.appendingPathComponent("home")
      trace = base.appendingPathComponent("trace")
      self.empty = empty
      try FileManager.default.createDirectory(
        at: home.appendingPathComponent("work"), withIntermediateDirectories: true)
      try FileManager.default.createDirectory(at: trace, withIntermediateDirectories: true)
    }

    var work: URL { home.appendingPathComponent("work") }

    /// The environment and the wrapper that runs cadence under strace (its trace in a file
    /// of its own), with the XDG variables empty or unset.
    func traced() -> (environment: [String: String], wrapper: [String]) {
      var environment = [
        "HOME": home.path, "PATH": "/usr/bin:/bin", "CADENCE_DB": "", "CADENCE_ROUTINES": "",
      ]
      var wrapper = ["/usr/bin/env"]
      for variable in HomeOnlyWritesTests.variables {
        if empty { environment[variable] = "" } else { wrapper += ["-u", variable] }
      }
      let log = trace.appendingPathComponent("\(UUID().uuidString).txt").path
      wrapper += ["/usr/bin/strace", "-f", "-qq", "-o", log, "-e", HomeOnlyWritesTests.calls]
      return (environment, wrapper)
    }

    /// Runs cadence in `$HOME/work` under strace.
    @discardableResult
    func cadence(_ arguments: [String]) throws -> CadenceProcess.Output {
      let (environment, wrapper) = traced()
      return try CadenceProcess.run(
        arguments, environment: environment, directory: work, wrapper: wrapper)
    }

    /// Starts cadence in `$HOME/work` under strace and leaves it running: strace follows the
    /// background process a detached run starts, and ends with it.
    func start(_ arguments: [String]) throws -> Process {
      let (environment, wrapper) = traced()
      let process = Process()
      process.executableURL = URL(fileURLWithPath: wrapper[0])
      process.arguments = Array(wrapper.dropFirst()) + [CadenceProcess.binary.path] + arguments
      process.currentDirectoryURL = work
      process.environment = environment
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      return process
    }

    /// Every path a traced call made, changed or removed, as written (from `$HOME/work` when
    /// relative); only calls that succeeded, and only opens that could write.
    func written() throws -> Set<String> {
      var paths = Set<String>()
      for file in try FileManager.default.contentsOfDirectory(atPath: trace.path) {
        let text = try String(
          contentsOf: trace.appendingPathComponent(file), encoding: .utf8)
        for call in HomeOnlyWritesTests.joined(text) {
          paths.formUnion(HomeOnlyWritesTests.paths(call, from: work.path))
        }
      }
      return paths
    }
  }

  /// The trace's calls, each whole: a call another process interrupted is written as
  /// `… <unfinished ...>` and then `<... NAME resumed> …` on a later line of the same process.
  static func joined(_ text: String) -> [String] {
    var pending: [Substring: String] = [:]
    var calls: [String] = []
    for line in text.split(separator: "\n") {
      guard let space = line.firstIndex(of: " ") else { continue }
      let pid = line[..<space]
      // strace pads the process id to five columns.
      let rest = String(line[line.index(after: space)...].drop { $0 == " " })
      if rest.hasSuffix("<unfinished ...>") {
        pending[pid] = String(rest.dropLast("<unfinished ...>".count))
      } else if rest.hasPrefix("<..."), let end = rest.range(of: "resumed>") {
        calls.append((pending.removeValue(forKey: pid) ?? "") + rest[end.upperBound...])
      } else {
        calls.append(rest)
      }
    }
    return calls
  }

  /// The paths a successful call wrote to.
  static func paths(_ call: String, from directory: String) -> [String] {
    guard let result = call.range(of: " = ", options: .backwards),
      !call[result.upperBound...].hasPrefix("-")
    else { return [] }
    if call.hasPrefix("open"), !call.contains("O_WRONLY"), !call.contains("O_RDWR"),
      !call.contains("O_CREAT")
    {
      return []
    }
    if call.hasPrefix("bind("), !call.contains("AF_UNIX") { return [] }
    // Each quoted string is a path (a socket's after sun_path=).
    var found: [String] = []
    var rest = Substring(call)
    while let open = rest.firstIndex(of: "\"") {
      let after = rest.index(after: open)
      guard let close = rest[after...].firstIndex(of: "\"") else { break }
      let path = String(rest[after..<close])
      found.append(path.hasPrefix("/") ? path : directory + "/" + path)
      rest = rest[rest.index(after: close)...]
    }
    return found
  }

  @Test(arguments: [false, true])
  func everythingCadenceWritesIsUnderHome(empty: Bool) throws {
    let home = try Home(empty: empty)
    defer { try? FileManager.default.removeItem(at: home.home.deletingLastPathComponent()) }
    let routine = home.work.appendingPathComponent("plank.lua")
    try "return { steps = { { \"Plank\", \"1s\" } } }\n".write(
      to: routine, atomically: true, encoding: .utf8)
    // Made by the test, not by Cadence: what the trace sees from here on is Cadence's.
    let steps: [(String, [String])] = [
      ("trust", ["trust", "plank.lua"]),
      ("add", ["add", "plank.lua", "--name", "core"]),
      ("run", ["run", "core", "--plain", "--volume", "40", "--no-notify"]),
      ("timer", ["timer", "1s", "--plain", "--volume", "60", "--no-notify"]),
    ]
    for (name, arguments) in steps {
      let output = try home.cadence(arguments)
      #expect(output.status == 0, "\(name): \(output.standardError)")
    }
    // A focus in the background, stopped from another process once it counts.
    let focus = try home.start(
      ["focus", "--length", "1m", "--detach", "--volume", "70", "--no-notify"])
    let counting = Date().addingTimeInterval(20)
    while try home.cadence(["status"]).status != 0, Date() < counting { usleep(100_000) }
    let stopped = try home.cadence(["stop"])
    #expect(stopped.status == 0, "stop: \(stopped.standardError)")
    focus.waitUntilExit()
    var history = try home.cadence(["history", "--json"])
    let deadline = Date().addingTimeInterval(15)
    while !history.standardOutput.contains("\"kind\":\"focus\""), Date() < deadline {
      usleep(100_000)
      history = try home.cadence(["history", "--json"])
    }
    #expect(history.standardOutput.contains("\"kind\":\"timer\""))
    #expect(history.standardOutput.contains("\"kind\":\"focus\""))
    #expect(history.standardOutput.contains("\"kind\":\"routine\""))

    let written = try home.written()
    let outside = written.filter {
      !$0.hasPrefix(home.home.path + "/") && !$0.hasPrefix("/dev/")
    }
    #expect(outside.isEmpty, "written outside HOME: \(outside.sorted())")
    // What was made, each where Paths says.
    let made = Set(written.map { String($0.dropFirst(home.home.path.count)) })
    for expected in [
      "/.local/share/cadence/cadence.db", "/.config/cadence/trusted",
      "/.config/cadence/routines/core.lua", "/.cache/cadence/bing-40.wav",
      "/.cache/cadence/bing-60.wav", "/.cache/cadence/bing-70.wav", "/.local/share/cadence/run",
    ] {
      #expect(made.contains(expected), "\(expected) not among \(made.sorted())")
    }
    #expect(made.contains { $0.hasPrefix("/.local/share/cadence/run/") && $0.hasSuffix(".sock") })
    // Nothing was left in the folder the commands ran in.
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.work.path) == ["plank.lua"])
  }
}
