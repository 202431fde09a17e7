import Testing

@testable import CadenceCommands

/// The do-not-disturb setting's values as completion offers them (the setting through the
/// binary: DoNotDisturbStandInTests).
@Suite struct DoNotDisturbSettingTests {
  @Test func completionOffersTheFiveValues() {
    #expect(CompletionCandidates.values(of: .dnd) == ["auto", "dunst", "mako", "gnome", "off"])
  }
}
