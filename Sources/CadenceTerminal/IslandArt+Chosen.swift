import CadenceCore
import CadenceStore

extension IslandArt {
  /// The island and pet the focus view shows: the chosen ones when they are owned, the
  /// defaults otherwise (``Store/shown(_:)``).
  public struct Chosen: Sendable {
    public var island: Island
    public var pet: Pet

    public init(store: Store) throws {
      island = IslandArt.island(try store.shown(.island).name)!
      pet = IslandArt.pet(try store.shown(.pet).name)!
    }
  }

  /// `cadence shop show`: `item` drawn with what is chosen of the other kind, as lines for a
  /// terminal `width` columns wide.
  public static func shopScene(_ item: Shop.Item, store: Store, width: Int, colour: Bool) throws
    -> String
  {
    let chosen = try Chosen(store: store)
    let island = item.kind == .island ? IslandArt.island(item.name)! : chosen.island
    let pet = item.kind == .pet ? IslandArt.pet(item.name)! : chosen.pet
    return scene(island: island, pet: pet, width: width, height: 24, colour: colour)
      .map { $0 + "\n" }.joined()
  }
}
