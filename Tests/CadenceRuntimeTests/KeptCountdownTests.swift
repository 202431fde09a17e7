import CadenceCore
import CadenceStore
import Foundation
import Testing

@testable import CadenceRuntime

/// A timer's, focus session's or break's countdown is kept with its run as its schedule, not
/// as routine text; a kept schedule that Cadence could not have written is refused as damage.
@Suite struct KeptCountdownTests {
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  static func schedule(_ lengths: [Int64]) -> Schedule {
    var start: Int64 = 0
    let segments = lengths.enumerated().map { offset, length in
      defer { start += length }
      return Segment(index: offset + 1, name: "Focus", kind: .work, start: start, duration: length)
    }
    return Schedule(name: "Focus", segments: segments, events: [], total: start)
  }

  func run(path: String = "cadence:focus", source: [UInt8] = [], countdown: Schedule?) -> ActiveRun
  {
    var identity = RunIdentity.countdown(.focus, schedule: Self.schedule([60_000]), task: "Essay")
    identity.path = path
    identity.source = source
    identity.countdown = countdown
    return identity.keptRun(startedAt: Int64(now.timeIntervalSince1970 * 1000) - 1000)
  }

  @Test func aCountdownIsKeptAsItsScheduleWithNoRoutineText() {
    let identity = RunIdentity.countdown(
      .break, schedule: Self.schedule([300_000]), task: "Essay", tags: ["writing"])
    #expect(identity.path == "cadence:break")
    #expect(identity.kind == .break)
    #expect(identity.source.isEmpty)
    #expect(identity.details.countdown == Self.schedule([300_000]))
    #expect(RunIdentity(restoring: identity.keptRun(startedAt: 0)).countdown == identity.countdown)
  }

  @Test func theCountdownsAreKnownByTheirPath() {
    #expect(RunIdentity.isCountdown(path: "cadence:timer"))
    #expect(RunIdentity.isCountdown(path: "cadence:focus"))
    #expect(RunIdentity.isCountdown(path: "cadence:break"))
    #expect(!RunIdentity.isCountdown(path: "cadence:routine"))
    #expect(!RunIdentity.isCountdown(path: "/home/me/gym.lua"))
  }

  @Test func aKeptScheduleIsReplayedAsItWasKept() throws {
    let kept = run(countdown: Self.schedule([60_000]))
    #expect(RunRecovery.damage(of: kept, now: now) == nil)
    let rebuilt = RunRecovery.rebuild(
      kept, schedule: try #require(kept.details.countdown), now: now)
    #expect(rebuilt.engine.total == 60_000)
    #expect(rebuilt.offset == 1000)
  }

  @Test func aCountdownKeptByTheOldCodeAsLuaIsNoDamage() {
    let old = run(source: Array("return { name = \"Focus\" }\n".utf8), countdown: nil)
    #expect(RunRecovery.damage(of: old, now: now) == nil)
  }

  @Test(
    arguments: [
      (nil, "its countdown cannot be read"),
      (schedule([]), "its countdown is not one Cadence keeps"),
      (schedule([-5]), "a segment of its countdown is out of range"),
      (schedule([0]), "a segment of its countdown is out of range"),
      (schedule([DurationText.maximum + 1]), "a segment of its countdown is out of range"),
    ] as [(Schedule?, String)])
  func aKeptScheduleCadenceCouldNotHaveWrittenIsDamage(countdown: Schedule?, damage: String) {
    #expect(RunRecovery.damage(of: run(countdown: countdown), now: now) == damage)
  }

  @Test func aScheduleWhoseLengthDoesNotAddUpIsDamage() {
    var schedule = Self.schedule([60_000, 1000])
    schedule.total = 1000
    #expect(
      RunRecovery.damage(of: run(countdown: schedule), now: now)
        == "its countdown's length does not add up")
    schedule = Self.schedule([60_000])
    schedule.segments[0].start = 5
    #expect(
      RunRecovery.damage(of: run(countdown: schedule), now: now)
        == "a segment of its countdown is out of range")
  }
}
