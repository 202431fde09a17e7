import Testing

@testable import CadenceCore

/// A pause backdated to when the person went idle, and idle time credited back as run time:
/// timelines on explicit instants, as in `EngineTests`.
@Suite struct EngineIdleTests {
  let helpers = EngineTests()

  @Test func aBackdatedPauseTakesEffectWhenTheIdlenessBegan() throws {
    var engine = Engine(
      schedule: try helpers.schedule([(.work, "Focus", 600_000)], milestones: [1]))
    _ = engine.start(at: 0)
    // Idle since 100 s, noticed at 400 s: the pause is at 100 s, told 300 s late.
    let events = engine.apply(.pauseBackdated(300_000), at: 400_000)
    #expect(helpers.trace(events) == ["paused 1 @100000 +300000"])
    #expect(engine.state == .paused(since: 100_000))
    #expect(engine.elapsed(at: 400_000) == 100_000)
    #expect(engine.pauseCount == 1)
    // Resumed at 500 s: the 400 s away do not count, so 500 s are left.
    _ = engine.apply(.resume, at: 500_000)
    #expect(engine.elapsed(at: 500_000) == 100_000)
    #expect(engine.nextDeadline == 1_000_000)
  }

  @Test func aBackdatedPauseGoesNoFurtherBackThanTheLastResume() throws {
    var engine = Engine(
      schedule: try helpers.schedule([(.work, "Focus", 600_000)], milestones: [1]))
    _ = engine.start(at: 0)
    _ = engine.apply(.pause, at: 50_000)
    _ = engine.apply(.resume, at: 200_000)
    // Idle for 400 s by 300 s: idle since before the resume, which is where the pause goes.
    #expect(
      helpers.trace(engine.apply(.pauseBackdated(400_000), at: 300_000)) == [
        "paused 1 @200000 +100000"
      ])
    #expect(engine.elapsed(at: 300_000) == 50_000)
  }

  @Test func aBackdatedPauseOfARunThatIsNotRunningDoesNothing() throws {
    var engine = Engine(schedule: try helpers.schedule([(.work, "Focus", 600_000)]))
    _ = engine.start(at: 0)
    _ = engine.apply(.pause, at: 10_000)
    #expect(engine.apply(.pauseBackdated(5000), at: 20_000).isEmpty)
    #expect(engine.state == .paused(since: 10_000))
  }

  @Test func creditCountsTheTimeAwayAsRunTime() throws {
    var engine = Engine(schedule: try helpers.schedule([(.work, "Focus", 600_000)]))
    _ = engine.start(at: 0)
    _ = engine.apply(.pauseBackdated(300_000), at: 400_000)
    _ = engine.apply(.resume, at: 500_000)
    // Kept as focus: the 400 s away count, as if it had never paused.
    let events = engine.apply(.credit(400_000), at: 500_000)
    #expect(helpers.trace(events) == ["credited 1 @500000"])
    #expect(events.first?.amount == 400_000)
    #expect(events.first?.elapsed == 500_000)
    #expect(engine.elapsed(at: 500_000) == 500_000)
    #expect(engine.nextDeadline == 600_000)
    #expect(engine.total == 600_000)
  }

  @Test func creditGoesNoFurtherThanTheSegmentsEndWhichThenEndsNow() throws {
    var engine = Engine(
      schedule: try helpers.schedule([(.work, "Focus", 600_000)], milestones: [0.5, 1]))
    _ = engine.start(at: 0)
    _ = engine.apply(.pauseBackdated(100_000), at: 200_000)
    _ = engine.apply(.resume, at: 900_000)
    // 800 s away kept, but only 500 s were left: the focus completes now, the 50 % it jumped
    // past untold.
    let events = engine.apply(.credit(800_000), at: 900_000)
    #expect(
      helpers.trace(events) == [
        "credited 1 @900000", "segment_end 1 @900000", "milestone 100% @900000", "finish @900000",
      ])
    #expect(events.first?.amount == 500_000)
    #expect(engine.state == .finished)
  }

  @Test func aCreditWhilePausedCountsWhenItResumes() throws {
    var engine = Engine(schedule: try helpers.schedule([(.work, "Focus", 600_000)]))
    _ = engine.start(at: 0)
    _ = engine.apply(.pause, at: 100_000)
    _ = engine.apply(.credit(60_000), at: 150_000)
    #expect(engine.elapsed(at: 150_000) == 160_000)
    #expect(engine.isPaused)
    _ = engine.apply(.resume, at: 200_000)
    #expect(engine.elapsed(at: 250_000) == 210_000)
  }

  @Test func creditPassesOverTheRemindersItJumps() throws {
    var engine = Engine(
      schedule: try helpers.schedule(
        [(.work, "Focus", 600_000)], milestones: [],
        reminders: [1: [ReminderRule(label: "r", timing: .at([150_000, 450_000]))]]))
    _ = engine.start(at: 0)
    _ = engine.apply(.pauseBackdated(0), at: 100_000)
    _ = engine.apply(.resume, at: 300_000)
    #expect(helpers.trace(engine.apply(.credit(200_000), at: 300_000)) == ["credited 1 @300000"])
    #expect(helpers.trace(engine.advance(to: 450_000)) == ["reminder r @450000"])
  }

  @Test func aRunWithIdlePausesAndCreditsIsReplayedAsItRan() throws {
    let schedule = try helpers.schedule([(.work, "Focus", 600_000)])
    var engine = Engine(schedule: schedule)
    var events = engine.start(at: 0)
    events += engine.apply(.pauseBackdated(120_000), at: 200_000)
    events += engine.apply(.resume, at: 300_000)
    events += engine.apply(.credit(220_000), at: 300_000)
    let actions = events.compactMap { engine.recordedAction(for: $0) }
    #expect(
      actions == [
        .init(at: 80_000, name: "pause"), .init(at: 300_000, name: "resume"),
        .init(at: 300_000, name: "credit", amount: 220_000),
      ])
    let replayed = Engine.replay(schedule: schedule, actions: actions, until: 350_000).engine
    #expect(replayed.elapsed(at: 350_000) == engine.elapsed(at: 350_000))
    #expect(replayed.elapsed(at: 350_000) == 350_000)
    #expect(replayed.nextDeadline == engine.nextDeadline)
  }
}
