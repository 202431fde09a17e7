import CadenceTestSupport
import Foundation
import Testing

/// The `session.command` setting: the user's own command gets each finished session as JSON.
@Suite struct SessionCommandTests {
  /// A routine's run, a study timer and `run LENGTH` (both countdowns without a Lua file)
  /// each hand the session they recorded to the command.
  @Test(arguments: [
    (["run", "ROUTINE"], "Quick", "routine"), (["timer", "1s"], "Timer", "timer"),
    (["run", "1s"], "Timer", "timer"),
  ])
  func theFinishedSessionGoesToTheCommandAsJSON(command: [String], name: String, kind: String)
    throws
  {
    let folder = try TemporaryFolder("session-command").created().url
    defer { try? FileManager.default.removeItem(at: folder) }
    let received = folder.appendingPathComponent("received.json")
    let environment = ["CADENCE_DB": folder.appendingPathComponent("history.db").path]
    let set = try CadenceProcess.run(
      ["config", "set", "session.command", "/bin/sh -c 'cat >> \"$1\"' sh '\(received.path)'"],
      environment: environment)
    #expect(set.status == 0, "\(set.standardError)")
    let routine = try CadenceProcess.temporaryFile(
      "quick.lua", "return { name = \"Quick\", steps = { { \"Go\", \"300ms\" } } }\n")
    let arguments = command.map { $0 == "ROUTINE" ? routine : $0 }
    let run = try CadenceProcess.run(
      arguments + ["--plain", "--mute", "--no-notify"], environment: environment)
    #expect(run.status == 0, "\(run.standardError)")
    let text = try String(contentsOf: received, encoding: .utf8)
    #expect(text.split(separator: "\n").count == 1, "one session, sent once: \(text)")
    let session = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(session["routine"] as? String == name)
    #expect(session["kind"] as? String == kind)
    #expect(session["outcome"] as? String == "completed")
    // The very session recorded: the same id as in history.
    let history = try CadenceProcess.run(["history", "--json"], environment: environment)
    let recorded = try #require(
      try JSONSerialization.jsonObject(with: Data(history.standardOutput.utf8)) as? [[String: Any]])
    #expect(recorded.count == 1)
    #expect(recorded.first?["id"] as? String == session["id"] as? String)
  }
}
