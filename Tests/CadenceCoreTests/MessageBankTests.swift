import Testing

@testable import CadenceCore

/// The bank's default messages: placeholders are filled in one pass, so a name that looks
/// like a placeholder is shown as it is written.
@Suite struct MessageBankTests {
  /// The messages of a run of a routine called `routine` whose steps are `names`, event by
  /// event, to its finish.
  func messages(routine: String, names: [String], theme: MessageTheme = .neutral) -> [String] {
    let segments = names.enumerated().map { offset, name in
      Segment(
        index: offset + 1, name: name, kind: offset % 2 == 0 ? .work : .pause,
        start: Int64(offset) * 10_000, duration: 10_000)
    }
    let total = Int64(names.count) * 10_000
    let schedule = Schedule(
      name: routine, segments: segments,
      events: [ScheduleEvent(kind: .milestone, at: total / 2, label: "50%", fraction: 0.5)],
      total: total)
    var engine = Engine(schedule: schedule)
    var bank = MessageBank(theme: theme)
    var said: [String] = []
    var events = engine.start(at: 0)
    var now: Int64 = 0
    while true {
      for event in events where HookContext.hook(for: event, segments: segments) != nil {
        said.append(bank.message(for: HookContext(event: event, engine: engine)))
      }
      guard now < total else { return said }
      now += 5_000
      events = engine.advance(to: now)
    }
  }

  @Test func namesThatLookLikePlaceholdersAreShownAsWritten() {
    let said = messages(routine: "{step} club", names: ["{next} sprint", "{percent} rest"])
    #expect(said.first == "Here we go: {step} club.")
    #expect(said.contains("{next} sprint: go!"))
    #expect(said.contains("Halfway there. Brilliant."))
    // The pause before nothing names the finish, not a placeholder.
    #expect(said.contains("Pause. Next: the finish."))
  }

  /// A bread recipe is not coached like a gym set: the neutral and cooking voices never use
  /// the gym's lines, and each theme speaks its own.
  @Test func eachThemeSpeaksInItsOwnVoice() {
    let names = ["Knead", "Prove", "Shape", "Rest", "Bake", "Cool", "Slice", "Wait"]
    let coaching = ["Give it everything", "Breathe out", "Shoulders down", "You've got this"]
    for theme in [MessageTheme.neutral, .cooking, .revision] {
      for line in messages(routine: "Bread", names: names, theme: theme) {
        #expect(!coaching.contains { line.contains($0) }, "\(theme): \(line)")
      }
    }
    #expect(messages(routine: "Bread", names: names, theme: .cooking).first == "Let's cook: Bread.")
    #expect(
      messages(routine: "Legs", names: names, theme: .gym).contains(
        "Prove. Give it everything you've got.") == false)
    #expect(
      messages(routine: "Legs", names: names, theme: .gym).contains(
        "Shape. Give it everything you've got."))
  }

  @Test func placeholdersAreFilledAndUnknownBracesKept() throws {
    var engine = Engine(
      schedule: Schedule(
        name: "Legs",
        segments: [Segment(index: 1, name: "Squats", kind: .work, start: 0, duration: 1_000)],
        events: [], total: 1_000))
    let start = try #require(engine.start(at: 0).first)
    let context = HookContext(event: start, engine: engine)
    #expect(
      MessageBank.fill("{routine}: {step} {next} {label} {oops} {", with: context)
        == "Legs: Squats the finish Reminder {oops} {")
  }
}
