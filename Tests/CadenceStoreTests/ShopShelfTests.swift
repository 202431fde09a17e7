import CadenceCore
import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

/// The shop's rules over a real database: what is owned, what is shown, what cannot be.
@Suite struct ShopShelfTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder("shelf").created() }

  let start = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func aChosenItemIsShownOnlyOnceItIsBought() throws {
    let store = try Store(path: folder.path("cadence.db"))
    try store.setSetting("pet", "owl")
    #expect(try store.shown(.pet).name == "cat")
    #expect(
      try store.notOwned(.pet, "owl")?.sentence
        == "the owl pet is not yours yet; buy it with cadence shop buy owl (60 coins)")
    #expect(try store.notOwned(.pet, "cat") == nil)
    try store.record(
      SessionRecord(
        kind: .focus, routine: nil, task: nil, goal: nil, tags: [], startedAt: start,
        endedAt: start.addingTimeInterval(3600), plannedMilliseconds: 3_600_000,
        activeMilliseconds: 3_600_000, outcome: .completed, note: nil, coins: 60))
    try store.coins.buy(OwnedItem(kind: .pet, name: "owl", acquiredAt: start), price: 60)
    #expect(try store.shown(.pet).name == "owl")
    #expect(try store.notOwned(.pet, "owl") == nil)
    let shelf = try store.shelf()
    #expect(shelf.map(\.item.name) == Shop.items.map(\.name))
    #expect(shelf.filter(\.owned).map(\.item.name) == ["palm", "cat", "owl"])
    #expect(shelf.filter(\.inUse).map(\.item.name) == ["palm", "owl"])
  }
}
