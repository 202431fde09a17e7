import CadenceCore
import Testing

@testable import CadenceTerminal

/// The shop's catalogue (CadenceCore's `Shop`) and the art drawn for it name the same items.
@Suite struct ShopArtTests {
  @Test func everyItemForSaleHasArtAndEveryPictureIsForSale() {
    #expect(
      IslandArt.islands.map(\.name) == Shop.items.filter { $0.kind == .island }.map(\.name))
    #expect(IslandArt.pets.map(\.name) == Shop.items.filter { $0.kind == .pet }.map(\.name))
    #expect(IslandArt.island(IslandArt.defaultIsland) != nil)
    #expect(IslandArt.pet(IslandArt.defaultPet) != nil)
  }
}
