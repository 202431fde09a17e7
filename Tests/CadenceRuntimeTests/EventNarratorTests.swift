import CadenceCore
import Testing

@testable import CadenceRuntime

/// The narrator's own words: a theme's voice, and the notice of reminders a shortening drops.
@Suite struct EventNarratorTests {
  func engine(theme: MessageTheme?) -> Engine {
    Engine(
      schedule: Schedule(
        name: "Bread",
        segments: [
          Segment(index: 1, name: "Simmer", kind: .work, start: 0, duration: 600_000),
          Segment(index: 2, name: "Serve", kind: .work, start: 600_000, duration: 60_000),
        ],
        events: [
          ScheduleEvent(kind: .reminder, at: 180_000, label: "Stir", segment: 1),
          ScheduleEvent(kind: .reminder, at: 360_000, label: "Stir", segment: 1),
          ScheduleEvent(kind: .reminder, at: 500_000, label: "Taste", segment: 1),
        ],
        total: 660_000, theme: theme))
  }

  @Test func aShorteningThatDropsRemindersSaysSo() {
    var engine = engine(theme: nil)
    let narrator = EventNarrator(hooks: nil, theme: engine.schedule.theme)
    _ = engine.start(at: 0)
    // 200 s long now: the Stir at 180 s still fits; the one at 360 s and Taste at 500 s do not.
    let adjusted = engine.apply(.adjust(-400_000), at: 100_000)
    #expect(adjusted.map(\.kind) == [.adjusted])
    #expect(
      narrator.narrate(adjusted[0], engine: engine).message
        == "Shortened: 2 reminders (Stir, Taste) no longer fit in Simmer.")
    // Lengthening drops nothing and says nothing of reminders.
    let longer = engine.apply(.adjust(60_000), at: 100_000)
    #expect(narrator.narrate(longer[0], engine: engine).message == nil)
  }

  @Test func theScheduleThemeChoosesTheVoice() {
    var engine = engine(theme: .cooking)
    let narrator = EventNarrator(hooks: nil, theme: engine.schedule.theme)
    let start = engine.start(at: 0)
    #expect(narrator.narrate(start[0], engine: engine).message == "Let's cook: Bread.")
  }
}
