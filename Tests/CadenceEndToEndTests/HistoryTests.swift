import CadenceRuntime
import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

/// Records through the binary: runs that finish, quit, are stopped by signals, or are killed
/// and resumed; and the commands that read them back.
@Suite(.serialized, .timeLimit(.minutes(10))) struct HistoryTests {
  let database = TemporaryFolder("history").path("cadence.db")

  var environment: [String: String] { ["CADENCE_DB": database] }

  func history() throws -> [[String: Any]] {
    let output = try CadenceProcess.run(["history", "--json"], environment: environment)
    #expect(output.status == 0, "\(output.standardError)")
    return try #require(
      JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [[String: Any]])
  }

  /// Waits until a run in progress is in the database: it is recorded off the timing path, a
  /// moment after the run starts, and a kill before that leaves nothing to resume.
  func waitUntilTheRunIsRecorded() throws {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      if let runs = try? Store(path: database, readOnly: true).activeRuns(), !runs.isEmpty {
        return
      }
      usleep(10_000)
    }
    Issue.record("the run was not recorded within 10 seconds")
  }

  @Test func aFinishedRunIsRecordedAsCompleted() throws {
    let path = try CadenceProcess.temporaryFile(
      "done.lua",
      "return { name = 'Done', steps = { { 'Go', '300ms' }, { 'Rest', '200ms', kind = 'pause' } } }\n"
    )
    let output = try CadenceProcess.run(
      ["run", path, "--plain", "--mute"], environment: environment)
    #expect(output.status == 0)
    let rows = try history()
    #expect(rows.count == 1)
    #expect(rows.first?["routine"] as? String == "Done")
    #expect(rows.first?["outcome"] as? String == "completed")
    #expect(rows.first?["planned_ms"] as? Int == 500)
    #expect(rows.first?["active_ms"] as? Int == 500)
    #expect(rows.first?["segments_done"] as? Int == 2)
  }

  @Test func quittingAndSignalsAreRecordedAsStopped() throws {
    let path = try CadenceProcess.temporaryFile(
      "long.lua", "return { name = 'Long', steps = { { 'Go', '1h' } } }\n")
    let quitting = try CadenceProcess.start(
      ["run", path, "--plain", "--mute"], environment: environment)
    #expect(quitting.waitForOutput { $0.contains("Go") })
    quitting.type("p\n")
    #expect(quitting.waitForOutput { $0.contains("paused") })
    quitting.type("q\n")
    #expect(quitting.wait() == 0)
    let terminated = try CadenceProcess.start(
      ["run", path, "--plain", "--mute"], environment: environment)
    #expect(terminated.waitForOutput { $0.contains("Go") })
    kill(terminated.process.processIdentifier, SIGTERM)
    #expect(terminated.wait() == 143)
    let rows = try history()
    #expect(rows.map { $0["outcome"] as? String } == ["stopped", "stopped"])
    #expect(rows.first?["pauses"] as? Int == 1)
    #expect(rows.allSatisfy { ($0["active_ms"] as? Int ?? -1) < 60_000 })
  }

  @Test func aKilledRunResumesWithTheTimeAwayAccountedFor() throws {
    let path = try CadenceProcess.temporaryFile(
      "killed.lua",
      "return { name = 'Killed', steps = { { 'One', '1s' }, { 'Two', '1s' }, { 'Three', '30s' } } }\n"
    )
    let first = try CadenceProcess.start(
      ["run", path, "--json", "--mute"], environment: environment)
    #expect(first.waitForOutput { $0.contains("\"name\":\"One\"") })
    try waitUntilTheRunIsRecorded()
    let kept = try #require(try Store(path: database, readOnly: true).activeRuns().first)
    let killedAt = Date()
    kill(first.process.processIdentifier, SIGKILL)
    _ = first.wait()
    sleep(3)
    let second = try CadenceProcess.start(
      ["resume", "--json", "--mute"], environment: environment)
    let resumedAt = Date()
    let deadline = Date().addingTimeInterval(10)
    while !second.standardError.contains("Resuming"), Date() < deadline { usleep(20_000) }
    let notice = second.standardError
    #expect(notice.contains("Resuming Killed: 2 segments done so far; now in Three with "))
    // Three started 2 s after the start the run kept, and ends 30 s later; about 3 s passed
    // between the kill and the resume.
    #expect(resumedAt.timeIntervalSince(killedAt) >= 3)
    let left = try #require(
      notice.split(separator: " ").first { $0.hasSuffix("s") && $0.first!.isNumber })
    let seconds = try #require(Double(left.dropLast()))
    let expected = 32 - (resumedAt.timeIntervalSince1970 - Double(kept.startedAt) / 1000)
    #expect(abs(seconds - expected) < 1.5, "left \(seconds), expected about \(expected)")
    usleep(300_000)
    kill(second.process.processIdentifier, SIGINT)
    #expect(second.wait() == 130)
    let rows = try history()
    #expect(rows.count == 1)
    #expect(rows.first?["resumed"] as? Bool == true)
    #expect(rows.first?["outcome"] as? String == "stopped")
    #expect(rows.first?["segments_done"] as? Int == 2)
    let active = rows.first?["active_ms"] as? Int ?? 0
    #expect(active > 3000 && active < 7000, "active \(active)")
    let again = try CadenceProcess.run(["resume"], environment: environment)
    #expect(again.standardError == "Nothing to resume: no run is paused or was interrupted.\n")
    #expect(again.standardOutput.isEmpty)
    #expect(again.status == 69)
  }

  @Test func aRunThatWouldHaveFinishedWhileAwayIsRecordedAsCompleted() throws {
    let path = try CadenceProcess.temporaryFile(
      "brief.lua", "return { name = 'Brief', steps = { { 'Go', '1s' } } }\n")
    let first = try CadenceProcess.start(
      ["run", path, "--json", "--mute"], environment: environment)
    #expect(first.waitForOutput { $0.contains("segment_start") })
    try waitUntilTheRunIsRecorded()
    kill(first.process.processIdentifier, SIGKILL)
    _ = first.wait()
    sleep(2)
    let output = try CadenceProcess.run(["resume"], environment: environment)
    #expect(
      output.standardOutput == "Brief finished while Cadence was away; recorded as completed.\n")
    let rows = try history()
    #expect(rows.first?["outcome"] as? String == "completed")
    #expect(rows.first?["active_ms"] as? Int == 1000)
  }

  @Test func anAbandonedRunIsClosedAsStoppedNotResumed() throws {
    let store = try Store(path: database)
    let now = Timestamp.milliseconds(Date())
    let source = Array(
      "return { name = 'Forgotten', steps = { { 'Go', '10h' }, { 'More', '10h' } } }\n".utf8)
    let run = try store.beginRun(
      path: "forgotten.lua", source: source, hash: "x", parameters: [],
      startedAt: now - 8 * 3_600_000, pid: 999_999)
    try store.heartbeat(run: run, at: now - 7 * 3_600_000)
    let output = try CadenceProcess.run(["resume"], environment: environment)
    #expect(output.status == 0, "\(output.standardError)")
    #expect(
      output.standardOutput
        == "Forgotten was abandoned (silent for over 6 hours); recorded as stopped.\n")
    let rows = try history()
    #expect(rows.first?["outcome"] as? String == "stopped")
    #expect(rows.first?["active_ms"] as? Int == 3_600_000)
    #expect(try store.activeRuns().isEmpty)
  }

  @Test func aRunCanBeRecordedAgainstATask() throws {
    let path = try CadenceProcess.temporaryFile(
      "task.lua", "return { steps = { { 'Go', '100ms' } } }\n")
    _ = try CadenceProcess.run(
      ["run", path, "--plain", "--mute", "--task", "Revision"], environment: environment)
    #expect(try history().first?["task"] as? String == "Revision")
    let filtered = try CadenceProcess.run(
      ["history", "--task", "revision"], environment: environment)
    #expect(filtered.standardOutput.contains("Revision"))
  }

  @Test func historyExportsAndFilters() throws {
    let path = try CadenceProcess.temporaryFile(
      "quote.lua", "return { name = 'Say \"hi\", =1', steps = { { 'Go', '100ms' } } }\n")
    _ = try CadenceProcess.run(["run", path, "--plain", "--mute"], environment: environment)
    let csv = try CadenceProcess.run(["history", "--csv"], environment: environment)
    let lines = csv.standardOutput.components(separatedBy: "\r\n")
    #expect(lines.first?.hasPrefix("id,kind,routine,task,tags,started_at") == true)
    #expect(lines[1].contains(",\"Say \"\"hi\"\", =1\","))
    let table = try CadenceProcess.run(["history"], environment: environment)
    #expect(table.standardOutput.contains("routine  Say \"hi\", =1"))
    #expect(table.standardOutput.contains("1 session"))
    let future = try CadenceProcess.run(
      ["history", "--since", "2999-01-01"], environment: environment)
    #expect(future.standardOutput == "No sessions recorded yet that match.\n")
    let bad = try CadenceProcess.run(
      ["history", "--since", "last tuesday"], environment: environment)
    #expect(bad.status == 64)
    #expect(
      bad.standardError.hasPrefix(
        "Error: --since \"last tuesday\": write a date such as 2026-11-01"))
    let stats = try CadenceProcess.run(["stats", "--days", "7"], environment: environment)
    #expect(stats.status == 0)
    #expect(
      stats.standardOutput.hasPrefix(
        "Last 7 days: 1 session, 0s active, 1 completed (100%)\nStreak: 1 day now, longest 1 day\n")
    )
    #expect(stats.standardOutput.contains("By routine:"))
  }

  @Test func aDamagedDatabaseIsReportedAndTheRunStillTimes() throws {
    try FileManager.default.createDirectory(
      atPath: (database as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let garbage = Data(repeating: 0x5A, count: 4096)
    try garbage.write(to: URL(fileURLWithPath: database))
    let path = try CadenceProcess.temporaryFile(
      "fine.lua", "return { steps = { { 'Go', '200ms' } } }\n")
    let run = try CadenceProcess.run(["run", path, "--json", "--mute"], environment: environment)
    // The session could not be recorded: a failed write, 74, once the run has timed to its end.
    #expect(run.status == 74)
    #expect(run.standardOutput.contains("\"event\":\"finish\""))
    #expect(run.standardError.contains("is damaged or not a Cadence database"))
    #expect(run.standardError.contains("this run will not be recorded"))
    let history = try CadenceProcess.run(["history"], environment: environment)
    #expect(history.status == 65)
    #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == garbage)
  }

  @Test func configSetsGetsAndRefuses() throws {
    let set = try CadenceProcess.run(["config", "set", "volume", "35"], environment: environment)
    #expect(set.standardOutput == "volume = 35\n")
    #expect(
      try CadenceProcess.run(["config", "get", "volume"], environment: environment).standardOutput
        == "35\n")
    // list shows each value in force: the one set, or the default, marked as such.
    let list = try CadenceProcess.run(["config", "list"], environment: environment).standardOutput
    #expect(list.contains("volume = 35\n"))
    #expect(list.contains("style = digital (default)\n"))
    #expect(list.contains("presets = 5m,10m,15m,25m,45m,1h (default)\n"), "\(list)")
    #expect(list.contains("session.command = (none)\n"))
    #expect(!list.contains("not set"))
    let bad = try CadenceProcess.run(["config", "set", "volume", "loud"], environment: environment)
    #expect(bad.status == 64)
    #expect(
      bad.standardError.hasPrefix("Error: volume takes a whole number from 0 to 100, not \"loud\""))
    let unknown = try CadenceProcess.run(["config", "get", "colour"], environment: environment)
    #expect(unknown.status == 64)
    #expect(unknown.standardError.hasPrefix("Error: \"colour\" is not a setting"))
    let focus = try CadenceProcess.run(
      ["config", "set", "focus", "25 minutes"], environment: environment)
    #expect(focus.status == 64)
    // A stored length is one that focus --length takes: 1m to 12h.
    let long = try CadenceProcess.run(["config", "set", "break", "13h"], environment: environment)
    #expect(long.status == 64)
    #expect(long.standardError.hasPrefix("Error: break takes a length from 1m to 12h"))
    let help = try CadenceProcess.run(["config", "--help"], environment: environment)
    for key in SettingKey.allCases {
      #expect(help.standardOutput.contains("\(key.rawValue) ("), "config --help names \(key)")
    }
    #expect(
      try CadenceProcess.run(["config", "set", "focus", "25m"], environment: environment)
        .standardOutput == "focus = 25m\n")
  }

  @Test func aSoundSettingMustBeAFileThatIsThere() throws {
    let missing = try CadenceProcess.run(
      ["config", "set", "sound", "/nope.wav"], environment: environment)
    #expect(missing.status == 66)
    // A missing file, said as every missing file is: its path first, no `Error:` (which is
    // for a bad command line).
    #expect(
      missing.standardError
        == "/nope.wav: no such sound file, or it cannot be read; set sound to a WAV file you can read, or to bing\n"
    )
    #expect(missing.standardOutput.isEmpty)
    #expect(
      try CadenceProcess.run(["config", "get", "sound"], environment: environment)
        .standardOutput == "bing\n")
    // A relative path is stored as the file it named, so it holds from any other folder.
    let mine = try CadenceProcess.temporaryFile("mine.wav", "RIFF")
    let folder = URL(fileURLWithPath: mine).deletingLastPathComponent()
    let relative = try CadenceProcess.run(
      ["config", "set", "sound", "mine.wav"], environment: environment, directory: folder)
    #expect(relative.status == 0, "\(relative.standardError)")
    let stored = try CadenceProcess.run(["config", "get", "sound"], environment: environment)
    #expect(stored.standardOutput == folder.appendingPathComponent("mine.wav").path + "\n")
    let wav = try CadenceProcess.temporaryFile("gone.wav", "RIFF")
    let set = try CadenceProcess.run(["config", "set", "sound", wav], environment: environment)
    #expect(set.status == 0)
    try FileManager.default.removeItem(atPath: wav)
    let run = try CadenceProcess.run(["run", "1s", "--plain"], environment: environment)
    #expect(run.status == 66)
    #expect(
      run.standardError
        == "\(wav) (the sound setting): no such sound file; change it with cadence config set sound FILE or cadence config unset sound\n"
    )
    // timer and focus refuse it too, before anything counts (they once ran silently).
    for command in [["timer", "1s", "--plain"], ["focus", "--plain"]] {
      let refused = try CadenceProcess.run(command, environment: environment)
      #expect(refused.status == 66, "\(command)")
      #expect(refused.standardError.hasPrefix("\(wav) (the sound setting): no such sound file"))
      #expect(refused.standardOutput.isEmpty)
    }
    let flag = try CadenceProcess.run(
      ["timer", "1s", "--plain", "--sound", "/nope.wav"], environment: environment)
    #expect(flag.status == 66)
    #expect(
      flag.standardError == "/nope.wav: no such sound file; give --sound a WAV file you can read\n")
  }
}
