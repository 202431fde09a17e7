import CadenceDesktop
import CadenceStore
import Foundation
import Testing

/// `history --timew`'s back-fill against the real timew: what is there is skipped.
@Suite struct TimewarriorBackfillTests {
  static let morning = TimewarriorTests.morning

  @Test func backFillingTwiceAddsNothingTheSecondTime() throws {
    let world = TimewarriorWorld()
    let sessions = (0..<4).map { TimewarriorWorld.session(start: Self.morning + $0 * 3600) }
    // The first was tracked as it finished.
    #expect(try world.timew.track(sessions[0]) == .tracked)
    var first = try TimewarriorBackfill(timew: try world.timew, since: nil)
    for session in sessions { first.add(session) }
    #expect(first.report.added == 3)
    #expect(first.report.present == 1)
    #expect(first.report.summary == "Added 3 sessions to Timewarrior; 1 was there already.")
    var second = try TimewarriorBackfill(timew: try world.timew, since: nil)
    for session in sessions { second.add(session) }
    #expect(second.report.added == 0)
    #expect(second.report.present == 4)
    #expect(try world.export().count == 4)
  }

  @Test func sinceReadsOnlyFromThatDayAndRefusalsAreCounted() throws {
    let world = TimewarriorWorld()
    try world.timew([":yes", "track", "2026-11-02T10:10:00Z", "-", "2026-11-02T10:20:00Z", "mine"])
    let early = TimewarriorWorld.session(start: Self.morning)
    let blocked = TimewarriorWorld.session(start: Self.morning + 86_400)
    #expect(try world.timew.track(early) == .tracked)
    var backfill = try TimewarriorBackfill(
      timew: try world.timew, since: Date(timeIntervalSince1970: Double(Self.morning + 86_000)))
    backfill.add(blocked)
    #expect(backfill.report.refused == 1)
    #expect(backfill.report.firstRefusal?.contains("overlap") == true)
    #expect(backfill.report.refusals.hasPrefix("1 session could not be added to Timewarrior"))
  }
}
