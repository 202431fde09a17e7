import CadenceStore
import Foundation
import Testing

/// A killed run is carried on by one process only: a second `resume`, later or at the same
/// moment, finds it going instead of bringing it back again beside the first (before, the kept
/// run still named the dead process, so every `resume` started another copy, each ringing, and
/// only the first to end was recorded).
@Suite(.serialized, .timeLimit(.minutes(10))) struct ResumeOnceTests {
  let fixture = KilledRunFixture()
  let options = ["--detach", "--mute", "--no-notify"]

  /// How many runs `status` lists.
  func runsGoing() throws -> Int {
    let output = try fixture.cadence(["status", "--json"])
    let runs = try? JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8))
    return (runs as? [Any])?.count ?? 0
  }

  @Test(arguments: ["timer", "routine", "focus"])
  func aSecondResumeFindsTheRunGoing(kind: String) throws {
    let routine = try CadenceProcess.temporaryFile(
      "twice.lua", #"return { name = "Twice", steps = { { "One", "1h" }, { "Two", "1h" } } }"#)
    let start =
      ["timer": ["timer", "1h"], "routine": ["run", routine], "focus": ["focus"]][kind] ?? []
    _ = try fixture.succeed(start + options)
    try fixture.kill()
    _ = try fixture.succeed(["resume"] + options)
    let again = try fixture.cadence(["resume"] + options)
    #expect(again.status == 69, "\(again.standardOutput)\(again.standardError)")
    #expect(again.standardError.hasSuffix("not paused: nothing to resume.\n"))
    #expect(try runsGoing() == 1)
    _ = try fixture.succeed(["stop"])
    #expect(fixture.sessions(waitingFor: 1).count == 1)
    #expect(try runsGoing() == 0)
  }

  @Test func twoResumesAtOnceBringTheRunBackOnce() throws {
    _ = try fixture.succeed(["timer", "1h"] + options)
    try fixture.kill()
    let both = try (0..<2).map { _ in
      try CadenceProcess.start(["resume"] + options, environment: fixture.environment)
    }
    let statuses = both.map { $0.wait() }
    #expect(statuses.filter { $0 == 0 }.count == 1, "\(statuses) \(both.map(\.standardError))")
    #expect(try runsGoing() == 1)
    _ = try fixture.succeed(["stop"])
    #expect(fixture.sessions(waitingFor: 1).count == 1)
  }
}
