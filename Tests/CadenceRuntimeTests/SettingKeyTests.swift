import CadenceRuntime
import Testing

/// The settings' values as completion offers them (the settings through the binary:
/// DoNotDisturbStandInTests, HistoryTests).
@Suite struct SettingKeyTests {
  @Test func theDoNotDisturbSettingOffersItsFiveValues() {
    #expect(SettingKey.dnd.choices == ["auto", "dunst", "mako", "gnome", "off"])
  }

  @Test func theIslandAndPetSettingsOfferTheShopsItems() {
    #expect(SettingKey.island.choices == ["palm", "meadow", "volcano", "snowy"])
    #expect(SettingKey.pet.choices == ["cat", "fox", "owl", "turtle", "dragon"])
  }

  @Test func aPetTheShopDoesNotSellIsRefusedWithTheOnesItDoes() throws {
    guard case .failure(let refusal) = SettingKey.pet.normalised("Unicorn") else {
      Issue.record("unicorn was taken as a pet")
      return
    }
    #expect(
      refusal.sentence == "pet takes one of cat, fox, owl, turtle, dragon, not \"Unicorn\"")
    #expect(try SettingKey.island.normalised("Volcano").get() == "volcano")
  }
}
