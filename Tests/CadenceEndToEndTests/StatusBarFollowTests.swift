import Foundation
import Testing

/// The pushed status bars of docs/background.md, each run by the real thing: tmux's status
/// line (a real server drawn in a client of another) and i3blocks (Debian's, its i3bar
/// protocol read as i3bar reads it), each with the page's `--follow` recipe. Each shows a
/// stranger's names as they are, changes as the run does, and keeps one follower process, not
/// one process a second.
@Suite(.serialized, .timeLimit(.minutes(10))) struct StatusBarFollowTests {
  let bars = StatusBarTests()

  var environment: [String: String] { bars.environment }

  /// The page's code block in `language` that contains `marker`.
  func recipe(_ language: String, containing marker: String) throws -> [String] {
    let page = try String(
      contentsOf: CadenceProcess.root.appendingPathComponent("docs/background.md"),
      encoding: .utf8)
    let blocks = page.components(separatedBy: "```\(language)\n").dropFirst().map {
      $0.components(separatedBy: "```").first ?? ""
    }
    let block = try #require(blocks.first { $0.contains(marker) })
    return block.split(separator: "\n").map(String.init)
  }

  /// The followers of this test's runs: processes running `status` with `--follow` in its
  /// runtime folder, from /proc.
  func followers() -> [Int32] {
    let runtime = environment["XDG_RUNTIME_DIR"] ?? ""
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.compactMap(Int32.init).filter { pid in
      guard let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
        let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ")
      else { return false }
      let words = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      return words.contains("status") && words.contains("--follow")
        && String(decoding: environ, as: UTF8.self).contains("XDG_RUNTIME_DIR=\(runtime)\0")
    }
  }

  var path: String {
    let inherited = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return CadenceProcess.binary.deletingLastPathComponent().path + ":" + inherited
  }

  @Test func tmuxShowsEachSecondAndEachRunFromOneFollower() throws {
    let recipe = try recipe("tmux", containing: "--follow")
    let lines =
      ["set-environment -g PATH '\(path)'"]
      + environment.map { "set-environment -g \($0.key) '\($0.value)'" } + recipe
      + ["set -g status-right-length 300", "set -g status-left ''"]
    let server = Tmux()
    let viewer = Tmux()
    defer {
      viewer.stop()
      server.stop()
    }
    try server.startStatusLine(lines, in: bars.folder, viewer: viewer)
    let first = try bars.startRoutine()
    defer { _ = try? bars.cadence(["stop", "--run", first]) }
    func bar() throws -> String {
      String(try viewer.screen("view").split(separator: "\n").last ?? "")
    }
    try viewer.wait("view") { $0.contains(StatusBarTests.step + " 1/1") }
    // The seconds go by on the bar, told by the one follower tmux started.
    let shown = try bar()
    #expect(shown.hasSuffix(" " + StatusBarTests.step + " 1/1"), "\(shown)")
    try viewer.wait("view", seconds: 15) { !$0.contains(shown) && $0.contains(StatusBarTests.step) }
    let follower = followers()
    #expect(follower.count == 1, "\(follower)")
    // The end of the run empties the bar; the next run is shown by the same follower.
    #expect(try bars.cadence(["stop", "--run", first]).status == 0)
    try viewer.wait("view", seconds: 15) { !$0.contains(StatusBarTests.step) }
    let second = try bars.startRoutine()
    defer { _ = try? bars.cadence(["stop", "--run", second]) }
    try viewer.wait("view", seconds: 10) { $0.contains(StatusBarTests.step + " 1/1") }
    #expect(followers() == follower)
  }

  @Test func i3blocksShowsTheNamesAsTheyAreAndEachChange() throws {
    let recipe = try recipe("ini", containing: "interval=persist")
    try FileManager.default.createDirectory(at: bars.folder, withIntermediateDirectories: true)
    let configuration = bars.folder.appendingPathComponent("i3blocks.conf")
    // i3blocks wants every line of its configuration ended.
    try recipe.map { $0 + "\n" }.joined().write(
      to: configuration, atomically: true, encoding: .utf8)
    let first = try bars.startRoutine()
    defer { _ = try? bars.cadence(["stop", "--run", first]) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/i3blocks")
    process.arguments = ["-c", configuration.path]
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
      .merging(["PATH": path]) { $1 }
    let output = Pipe()
    process.standardOutput = output
    let errors = bars.folder.appendingPathComponent("i3blocks.err")
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    process.standardError = try FileHandle(forWritingTo: errors)
    process.standardInput = Pipe()
    try process.run()
    defer { process.terminate() }
    // The i3bar protocol: a header, then an array of blocks for each update.
    let reader = output.fileHandleForReading
    var text = ""
    func texts() -> [String] {
      text.split(separator: "\n").compactMap { line -> String? in
        let array = line.drop { $0 == "," }
        guard let data = array.data(using: .utf8),
          let blocks = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        else { return nil }
        // A block with nothing to show is left out of the update.
        return blocks.first { $0["name"] as? String == "cadence" }?["full_text"] as? String ?? ""
      }
    }
    func waitFor(_ condition: ([String]) -> Bool) -> Bool {
      let deadline = Date().addingTimeInterval(15)
      while Date() < deadline {
        if condition(texts()) { return true }
        text += String(decoding: reader.availableData, as: UTF8.self)
      }
      return condition(texts())
    }
    #expect(
      waitFor { $0.contains { $0.contains("fg=red") } },
      "\(text) \((try? String(contentsOf: errors, encoding: .utf8)) ?? "")")
    let markup = try #require(texts().last { $0.contains("fg=red") })
    let shown = try #require(try PangoMarkup.parse([markup]).first ?? nil)
    // What Pango shows is what --format prints in a shell, the time left aside.
    let plain = try bars.cadence(["status", "--format", "{remaining} {segment}"]).standardOutput
    let clock = #"^\d+:\d\d "#
    #expect(
      shown.replacingOccurrences(of: clock, with: "", options: .regularExpression)
        == String(plain.dropLast()).replacingOccurrences(
          of: clock, with: "", options: .regularExpression))
    // The seconds go by; the end of the run empties the block.
    #expect(waitFor { Set($0.filter { $0.contains("fg=red") }).count >= 2 })
    #expect(try bars.cadence(["stop", "--run", first]).status == 0)
    // An empty line would leave the last one shown: the block keeps a zero-width space.
    #expect(waitFor { $0.last == "\u{200B}" }, "\(texts().suffix(3))")
  }
}
