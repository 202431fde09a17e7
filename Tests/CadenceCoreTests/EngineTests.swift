import Foundation
import Testing

@testable import CadenceCore

/// The engine on explicit instants: each test is a timeline of advances and commands, then
/// the exact events.
@Suite struct EngineTests {
  func schedule(
    _ segments: [(SegmentKind, String, Int64)], milestones: [Double] = [0.25, 0.5, 0.75, 1],
    reminders: [Int: [ReminderRule]] = [:]
  ) throws -> Schedule {
    let steps: [Step] = segments.enumerated().map { offset, part in
      .segment(
        SegmentStep(
          name: part.1, kind: part.0, duration: part.2, reminders: reminders[offset + 1] ?? []))
    }
    return try ScheduleCompiler.compile(
      Routine(name: "T", body: .steps(steps), milestones: milestones),
      now: Date(timeIntervalSince1970: 0), timeZone: .utc)
  }

  /// "kind@due" (with "+late" when late) for each event, with segment or label.
  func trace(_ events: [EngineEvent]) -> [String] {
    events.map { event in
      var text = "\(event.kind.rawValue)"
      if let label = event.label {
        text += " \(label)"
      } else if let segment = event.segment {
        text += " \(segment)"
      }
      text += " @\(event.due)"
      if event.late > 0 { text += " +\(event.late)" }
      return text
    }
  }

  @Test func eventsAtOneInstantComeInTheDocumentedOrder() throws {
    var engine = Engine(
      schedule: try schedule(
        [(.work, "A", 1000), (.pause, "B", 1000)], milestones: [0.25, 0.5, 1],
        reminders: [1: [ReminderRule(label: "r", timing: .at([500]))]]))
    var events = engine.start(at: 0)
    events += engine.advance(to: 2000)
    #expect(
      trace(events) == [
        "start @0", "segment_start 1 @0", "milestone 25% @500 +1500", "reminder r @500 +1500",
        "segment_end 1 @1000 +1000",
        "milestone 50% @1000 +1000", "segment_start 2 @1000 +1000", "segment_end 2 @2000",
        "milestone 100% @2000", "finish @2000",
      ])
  }

  @Test func milestoneBeforeReminderAtTheSameInstant() throws {
    var engine = Engine(
      schedule: try schedule(
        [(.work, "A", 1000)], milestones: [0.5],
        reminders: [1: [ReminderRule(label: "r", timing: .at([500]))]]))
    _ = engine.start(at: 0)
    #expect(trace(engine.advance(to: 500)) == ["milestone 50% @500", "reminder r @500"])
  }

  @Test func aLateWakeUpFiresEverythingOnceInOrder() throws {
    var engine = Engine(
      schedule: try schedule([(.work, "A", 60_000), (.pause, "B", 10_000), (.work, "C", 50_000)]))
    _ = engine.start(at: 0)
    #expect(engine.nextDeadline == 30_000)
    let events = engine.advance(to: 200_000)
    #expect(
      trace(events) == [
        "milestone 25% @30000 +170000", "segment_end 1 @60000 +140000",
        "milestone 50% @60000 +140000", "segment_start 2 @60000 +140000",
        "segment_end 2 @70000 +130000", "segment_start 3 @70000 +130000",
        "milestone 75% @90000 +110000", "segment_end 3 @120000 +80000",
        "milestone 100% @120000 +80000", "finish @120000 +80000",
      ])
    #expect(engine.state == .finished)
    #expect(engine.advance(to: 300_000).isEmpty)
    #expect(engine.nextDeadline == nil)
  }

  @Test func wakingInIrregularStepsNeverDrifts() throws {
    let segments: [(SegmentKind, String, Int64)] = (0..<120).map {
      ($0 % 2 == 0 ? .work : .pause, "S\($0)", $0 % 2 == 0 ? 29_999 : 1_001)
    }
    var engine = Engine(schedule: try schedule(segments, milestones: []))
    var events = engine.start(at: 0)
    var now: Int64 = 0
    var step: Int64 = 1
    while !engine.isOver {
      now += step
      step = step * 7 % 997 + 1
      events += engine.advance(to: now)
    }
    let starts = events.filter { $0.kind == .segmentStart }
    #expect(starts.count == 120)
    for (offset, event) in starts.enumerated() {
      #expect(event.due == engine.schedule.segments[offset].start)
      #expect(event.late < 1000)
    }
    #expect(events.last?.kind == .finish)
    let end: Int64 = 60 * 29_999 + 60 * 1_001
    #expect(events.last?.due == end)
  }

  @Test func pauseShiftsEverythingAfterIt() throws {
    var engine = Engine(
      schedule: try schedule([(.work, "A", 1000), (.pause, "B", 1000)], milestones: [0.5]))
    _ = engine.start(at: 0)
    #expect(trace(engine.apply(.pause, at: 400)) == ["paused 1 @400"])
    #expect(engine.nextDeadline == nil)
    #expect(engine.advance(to: 5000).isEmpty)
    #expect(engine.elapsed(at: 5000) == 400)
    #expect(trace(engine.apply(.togglePause, at: 5000)) == ["resumed 1 @5000"])
    #expect(engine.nextDeadline == 5600)
    #expect(engine.projectedFinish() == 6600)
    #expect(
      trace(engine.advance(to: 6000)) == [
        "segment_end 1 @5600 +400", "milestone 50% @5600 +400", "segment_start 2 @5600 +400",
      ])
    #expect(engine.pauseCount == 1)
  }

  @Test func skipEndsTheSegmentNowAndTheRoutineShrinks() throws {
    var engine = Engine(
      schedule: try schedule(
        [(.work, "A", 1000), (.pause, "B", 1000), (.work, "C", 2000)], milestones: [0.5],
        reminders: [2: [ReminderRule(label: "r", timing: .at([800]))]]))
    _ = engine.start(at: 0)
    _ = engine.advance(to: 1000)
    #expect(engine.total == 4000)
    // Skipping the pause 200 ms in: 800 ms leave the routine, so halfway is now 1600.
    let events = engine.apply(.skip, at: 1200)
    #expect(trace(events) == ["skipped 2 @1200", "segment_end 2 @1200", "segment_start 3 @1200"])
    #expect(engine.total == 3200)
    #expect(engine.nextDeadline == 1600)
    #expect(trace(engine.advance(to: 1600)) == ["milestone 50% @1600"])
    #expect(engine.skippedSegments == [2])
    #expect(engine.skippedTime == 800)
    #expect(
      trace(engine.advance(to: 10_000)).suffix(2) == [
        "segment_end 3 @3200 +6800", "finish @3200 +6800",
      ])
  }

  @Test func skippingPastAMilestoneFiresItAtTheSkip() throws {
    var engine = Engine(
      schedule: try schedule([(.work, "A", 1000), (.work, "B", 1000)], milestones: [0.25]))
    _ = engine.start(at: 0)
    #expect(
      trace(engine.apply(.skip, at: 100)) == [
        "skipped 1 @100", "segment_end 1 @100", "segment_start 2 @100",
      ])
    // The routine is now 1100 long; a quarter is 275, inside B.
    #expect(engine.nextDeadline == 275)
  }

  /// Skipping the last step past the middle ends the routine: halfway is not told at the
  /// finish as if it had just come; the finish's own milestone is.
  @Test func aMilestoneSkippedPastIsNotToldLate() throws {
    var engine = Engine(
      schedule: try schedule([(.work, "A", 60_000), (.work, "B", 60_000)], milestones: [0.5, 1]))
    _ = engine.start(at: 0)
    _ = engine.apply(.skip, at: 10_000)
    // 70 s long now: halfway at 35 s, 25 s into B. Skip B 10 s in, at 20 s of 20 s.
    let events = engine.apply(.skip, at: 20_000)
    #expect(
      trace(events) == [
        "skipped 2 @20000", "segment_end 2 @20000", "milestone 100% @20000", "finish @20000",
      ])
  }

  /// Skipping several steps at the start moves halfway with the routine as it stands: it comes
  /// at half of what is left, not at its first place.
  @Test func milestonesFollowTheRoutineAsItStandsAfterSkips() throws {
    var engine = Engine(
      schedule: try schedule(
        [(.work, "A", 60_000), (.work, "B", 60_000), (.work, "C", 60_000), (.work, "D", 60_000)],
        milestones: [0.5]))
    _ = engine.start(at: 0)
    _ = engine.apply(.skip, at: 1_000)
    _ = engine.apply(.skip, at: 2_000)
    // 122 s long: halfway at 61 s of routine time, 59 s into C, at 61 s.
    #expect(engine.total == 122_000)
    #expect(engine.nextDeadline == 61_000)
    #expect(trace(engine.advance(to: 61_000)) == ["milestone 50% @61000"])
  }

  /// Shortening a step past a milestone passes over it, and says which reminders no longer fit.
  @Test func shorteningPastMilestonesAndRemindersSaysWhatIsDropped() throws {
    var engine = Engine(
      schedule: try schedule(
        [(.work, "Simmer", 600_000), (.work, "Serve", 200_000)], milestones: [0.5, 1],
        reminders: [
          1: [
            ReminderRule(label: "Stir", timing: .every(180_000)),
            ReminderRule(label: "Taste", timing: .at([500_000])),
          ]
        ]))
    _ = engine.start(at: 0)
    _ = engine.advance(to: 260_000)
    // Halfway (400 s) is ahead; cutting 300 s makes the routine 500 s long and halfway 250 s,
    // behind: it is passed over. Stir at 360 and 540 s and Taste at 500 s no longer fit.
    let events = engine.apply(.adjust(-300_000), at: 260_000)
    #expect(trace(events) == ["adjusted 1 @260000"])
    #expect(events.first?.dropped == ["Stir", "Taste", "Stir"])
    #expect(
      trace(engine.advance(to: 300_000)) == ["segment_end 1 @300000", "segment_start 2 @300000"])
    #expect(
      trace(engine.advance(to: 500_000)).suffix(2) == ["milestone 100% @500000", "finish @500000"])
  }

  @Test func adjustLengthensOrShortensTheCurrentSegment() throws {
    var engine = Engine(
      schedule: try schedule([(.work, "A", 120_000), (.pause, "B", 10_000)], milestones: []))
    _ = engine.start(at: 0)
    #expect(trace(engine.apply(.adjust(60_000), at: 30_000)) == ["adjusted 1 @30000"])
    #expect(engine.nextDeadline == 180_000)
    #expect(engine.total == 190_000)
    _ = engine.apply(.adjust(-60_000), at: 40_000)
    _ = engine.apply(.adjust(-60_000), at: 40_000)
    #expect(engine.nextDeadline == 60_000)
    // Shortening past what has elapsed ends the segment now.
    #expect(
      trace(engine.apply(.adjust(-60_000), at: 50_000)) == [
        "skipped 1 @50000", "segment_end 1 @50000", "segment_start 2 @50000",
      ])
    #expect(engine.nextDeadline == 60_000)
  }

  @Test func manualStepsWaitAndRecordTheirOvertime() throws {
    var engine = Engine(
      schedule: try schedule(
        [(.work, "Boil", 1000), (.manual, "Drain", 0), (.work, "Serve", 1000)],
        milestones: [0.5, 1]))
    _ = engine.start(at: 0)
    #expect(
      trace(engine.advance(to: 5000)) == [
        "segment_end 1 @1000 +4000", "milestone 50% @1000 +4000", "segment_start 2 @1000 +4000",
      ])
    #expect(engine.state == .waiting(since: 1000))
    #expect(engine.nextDeadline == nil)
    #expect(engine.apply(.skip, at: 9000).first?.amount == 8000)
    #expect(engine.nextDeadline == 10_000)
    #expect(trace(engine.advance(to: 10_000)).last == "finish @10000")
  }

  @Test func milestonesAreMeasuredInRoutineTime() throws {
    var engine = Engine(schedule: try schedule([(.work, "A", 4000)]))
    var events = engine.start(at: 0)
    events += engine.apply(.pause, at: 500)
    events += engine.apply(.resume, at: 10_500)
    events += engine.advance(to: 20_000)
    let milestones = events.filter { $0.kind == .milestone }
    #expect(milestones.map(\.due) == [11_000, 12_000, 13_000, 14_000])
    #expect(milestones.map(\.elapsed) == [1000, 2000, 3000, 4000])
  }

  @Test func stopRecordsWhatWasDone() throws {
    var engine = Engine(
      schedule: try schedule([(.work, "A", 4000), (.pause, "B", 1000)], milestones: []))
    _ = engine.start(at: 0)
    let events = engine.apply(.stop, at: 2500)
    #expect(events.map(\.kind) == [.stopped])
    #expect(events.first?.elapsed == 2500)
    #expect(events.first?.total == 5000)
    #expect(engine.isOver)
    #expect(engine.apply(.skip, at: 3000).isEmpty)
  }

  @Test func aManualFirstStepWaitsFromTheStart() throws {
    var engine = Engine(schedule: try schedule([(.manual, "Ready?", 0), (.work, "Go", 1000)]))
    let events = engine.start(at: 0)
    #expect(trace(events) == ["start @0", "segment_start 1 @0"])
    #expect(engine.state == .waiting(since: 0))
    _ = engine.apply(.complete, at: 300)
    #expect(engine.nextDeadline == 550)
  }
}
