import CadenceCore
import Testing

/// Seed 002's shop: the catalogue, who owns what and what the focus view shows.
struct ShopTests {
  @Test func theCatalogueHasAFreeDefaultOfEachKind() {
    #expect(Shop.defaultItem(.island) == Shop.Item(kind: .island, name: "palm", price: 0))
    #expect(Shop.defaultItem(.pet) == Shop.Item(kind: .pet, name: "cat", price: 0))
    #expect(Shop.items.filter(\.free).map(\.name) == ["palm", "cat"])
    #expect(Set(Shop.items.map(\.name)).count == Shop.items.count)
  }

  @Test func anItemIsNamedInAnyCaseOrRefusedWithTheList() throws {
    #expect(try Shop.item(named: "FOX") == Shop.Item(kind: .pet, name: "fox", price: 30))
    #expect(throws: RuleRefusal.self) { try Shop.item(named: "unicorn") }
    do {
      _ = try Shop.item(named: "unicorn")
    } catch {
      #expect(
        error.sentence
          == "\"unicorn\" is not in the shop; it has palm, meadow, volcano, snowy, cat, fox, owl, turtle, dragon"
      )
    }
  }

  @Test func tooDearSaysHowManyMoreCoins() throws {
    let dragon = try Shop.item(named: "dragon")
    #expect(
      Shop.tooDear(dragon, balance: 40).sentence
        == "the dragon pet costs 250 coins and you have 40; complete focus sessions to earn 210 more"
    )
  }

  @Test func onlyAnItemForSaleNotOwnedIsRefused() {
    #expect(
      Shop.notOwned(.pet, "fox") { _ in false }?.sentence
        == "the fox pet is not yours yet; buy it with cadence shop buy fox (30 coins)")
    #expect(Shop.notOwned(.pet, "fox") { _ in true } == nil)
    #expect(Shop.notOwned(.pet, "cat") { _ in false } == nil)
    #expect(Shop.notOwned(.island, "fox") { _ in false } == nil)
  }

  @Test func theViewShowsTheChosenItemOnlyWhenOwned() {
    #expect(Shop.shown(.pet, setting: "owl") { $0.name == "owl" }.name == "owl")
    #expect(Shop.shown(.pet, setting: "owl") { _ in false }.name == "cat")
    #expect(Shop.shown(.island, setting: nil) { _ in true }.name == "palm")
    #expect(Shop.shown(.island, setting: "atlantis") { _ in true }.name == "palm")
    #expect(Shop.shown(.island, setting: "palm") { _ in false }.name == "palm")
  }
}
