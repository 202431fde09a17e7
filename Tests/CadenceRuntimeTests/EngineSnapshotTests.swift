import CadenceCore
import Foundation
import Testing

@testable import CadenceRuntime

/// An engine rebuilt from its snapshot (as a view attached to a background run holds it)
/// stands exactly where the original does.
@Suite struct EngineSnapshotTests {
  static let schedule = Schedule(
    name: "Test",
    segments: [
      Segment(index: 1, name: "A", kind: .work, start: 0, duration: 10_000),
      Segment(index: 2, name: "B", kind: .pause, start: 10_000, duration: 5_000),
      Segment(index: 3, name: "C", kind: .work, start: 15_000, duration: 10_000),
    ],
    events: [ScheduleEvent(kind: .milestone, at: 12_500, label: "50%", fraction: 0.5)],
    total: 25_000)

  @Test func aSnapshotThroughJSONRebuildsTheSameEngine() throws {
    var engine = Engine(schedule: Self.schedule)
    _ = engine.start(at: 0)
    _ = engine.apply(.adjust(60_000), at: 2_000)
    _ = engine.apply(.pause, at: 3_000)
    let schedule = try JSONDecoder().decode(
      Schedule.self, from: JSONEncoder().encode(engine.schedule))
    let snapshot = try JSONDecoder().decode(
      Engine.Snapshot.self, from: JSONEncoder().encode(engine.snapshot))
    var copy = try #require(Engine(schedule: schedule, snapshot: snapshot))
    #expect(copy.total == engine.total)
    #expect(copy.state == engine.state)
    #expect(copy.apply(.resume, at: 9_000) == engine.apply(.resume, at: 9_000))
    #expect(copy.advance(to: 100_000) == engine.advance(to: 100_000))
  }

  @Test func theScheduleAsItStandsFollowsSkipsAndAdjustments() {
    var engine = Engine(schedule: Self.schedule)
    _ = engine.start(at: 0)
    _ = engine.apply(.skip, at: 4_000)
    _ = engine.apply(.adjust(-2_000), at: 5_000)
    let standing = engine.scheduleAsItStands
    #expect(standing.segments.map(\.duration) == [4_000, 3_000, 10_000])
    #expect(standing.segments.map(\.start) == [0, 4_000, 7_000])
    #expect(standing.total == engine.total)
    #expect(standing.events.first?.at == 8_500)
  }
}
