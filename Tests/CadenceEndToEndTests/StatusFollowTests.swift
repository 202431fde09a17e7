import CadenceTestSupport
import Foundation
import Testing

/// `status --follow`, as a status bar runs it: real runs in the background and followers
/// reading them. The first line comes at once (the empty form with no run going, before the
/// runtime folder even exists), then a line every second and at every change, across runs;
/// every line is escaped for its sink exactly as the one-shot form escapes it; and a follower
/// whose reader goes away ends.
@Suite(.serialized, .timeLimit(.minutes(10))) struct StatusFollowTests {
  let folder = TemporaryFolder("follow").url

  /// A stranger's names: a tmux format, Pango markup, a polybar tag and control characters.
  static let routine = "#[reverse]Push & Pull #{session_name} '<b>' %{F#f00}"
  static let step = "#{m/x:y} <span foreground=\"red\">&</span> %{A1:z:}\u{1B}]0;t\u{7}\n\u{202E}#"
  static let template = "{state}|{segment}|{routine}|{runs}"

  var environment: [String: String] {
    [
      "CADENCE_DB": folder.appendingPathComponent("cadence.db").path,
      "XDG_RUNTIME_DIR": folder.appendingPathComponent("runtime").path,
    ]
  }

  func cadence(_ arguments: [String]) throws -> CadenceProcess.Output {
    try CadenceProcess.run(arguments, environment: environment)
  }

  /// Starts the stranger's routine in the background (one 20-minute step); its run's id.
  func startRun() throws -> String {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("stranger.lua")
    try """
    return { name = [==[\(Self.routine)]==], steps = { { [==[\(Self.step)]==], "20m" } } }
    """.write(to: file, atomically: true, encoding: .utf8)
    return try CadenceProcess.startDetached(["run", file.path], environment: environment)
  }

  /// The lines after the `count` first that satisfy `condition`.
  func lines(_ follower: LiveProcess, after count: Int = 0, _ condition: (String) -> Bool)
    -> [String]
  {
    follower.lines.dropFirst(count).map(\.line).filter(condition)
  }

  @Test func aFollowerTellsEachChangeAcrossRunsAndEveryLineAsTheOneShotFormHasIt() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let forms: [[String]] = [
      ["--format", Self.template], ["--tmux", Self.template], ["--pango", Self.template],
      ["--polybar", Self.template], ["--i3blocks", Self.template], ["--waybar"],
    ]
    let followers = try forms.map {
      try CadenceProcess.start(["status", "--follow"] + $0, environment: environment)
    }
    defer {
      for follower in followers { follower.process.terminate() }
    }
    let plain = followers[0]
    // At once, with no run going and no runtime folder yet: the empty form.
    #expect(plain.waitForLine(seconds: 10) { $0.isEmpty })
    #expect(followers[5].waitForLine(seconds: 10) { $0 == "{}" })
    #expect(plain.lines.first.map { $0.at < 5 } == true, "\(plain.lines)")
    #expect(followers[4].waitForLine(seconds: 10) { $0 == "\u{200B}" })

    let first = try startRun()
    defer { _ = try? cadence(["stop", "--run", first]) }
    #expect(plain.waitForLine { $0.hasPrefix("running|") })
    // Each form's line is the one-shot form's line, escaped for the same sink.
    for (form, follower) in zip(forms, followers) {
      let once = try cadence(["status"] + form)
      #expect(once.status == 0)
      let expected = String(once.standardOutput.dropLast())
      if form == ["--waybar"] {
        // The time left changes from second to second: compare the line without it.
        let stable = { (text: String) in
          text.replacingOccurrences(of: #"\d+:\d\d"#, with: "T", options: .regularExpression)
        }
        #expect(
          follower.waitForLine { stable($0) == stable(expected) && $0.contains("running") },
          "\(follower.lines.suffix(3)) against \(expected)")
      } else {
        #expect(
          follower.waitForLine { $0 == expected },
          "\(form): \(follower.lines.suffix(3)) against \(expected)")
      }
    }

    // A pause is told as the run says it, and while paused a line still comes every second.
    let beforePause = plain.lines.count
    #expect(try cadence(["pause"]).status == 0)
    #expect(plain.waitForLine(seconds: 15) { $0.hasPrefix("paused|") })
    let pausedAt = LiveProcess.now() - plain.started
    #expect(
      plain.waitForLine(seconds: 10) { _ in
        plain.lines.filter { $0.at >= pausedAt && $0.line.hasPrefix("paused|") }.count >= 3
      })
    #expect(!lines(plain, after: beforePause) { $0.hasPrefix("paused|") }.isEmpty)

    // The end of the run: the empty form again, every second, until the next run.
    let beforeStop = plain.lines.count
    #expect(try cadence(["stop", "--run", first]).status == 0)
    #expect(
      plain.waitForLine(seconds: 15) { _ in
        lines(plain, after: beforeStop) { $0.isEmpty }.count >= 2
      })
    #expect(
      followers[5].waitForLine(seconds: 15) { _ in
        followers[5].lines.last?.line == "{}"
      })
    let beforeSecond = plain.lines.count
    let second = try startRun()
    defer { _ = try? cadence(["stop", "--run", second]) }
    #expect(second != first)
    #expect(
      plain.waitForLine(seconds: 10) { _ in
        !lines(plain, after: beforeSecond) { $0.hasPrefix("running|") }.isEmpty
      })
    for follower in followers { #expect(follower.process.isRunning, "\(follower.standardError)") }
  }

  @Test func aFollowerEndsWhenItsReaderGoesAway() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let process = Process()
    process.executableURL = CadenceProcess.binary
    process.arguments = ["status", "--follow", "--format", "{remaining}"]
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    // Its first line, then the reader closes its end: the follower ends without a word.
    var first = Data()
    while !first.contains(10) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      first += chunk
    }
    #expect(first == Data("\n".utf8))
    try output.fileHandleForReading.close()
    let deadline = Date().addingTimeInterval(10)
    while process.isRunning, Date() < deadline { usleep(20_000) }
    #expect(!process.isRunning)
    if !process.isRunning { #expect([0, 141].contains(process.terminationStatus)) }
  }

  @Test func followNeedsAOneLineForm() throws {
    let output = try cadence(["status", "--follow"])
    #expect(output.status == 64)
    #expect(output.standardError.contains("--follow"), "\(output.standardError)")
  }
}
