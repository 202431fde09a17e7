import CadenceCore
import FoundationEssentials

/// The shop's rules (``Shop``) over what the database holds: the items bought, the ones
/// chosen to be shown.
extension Store {
  /// An item of the shop, with whether it is the user's and whether the focus view shows it.
  public struct ShelfItem: Sendable {
    public var item: Shop.Item
    public var owned: Bool
    public var inUse: Bool
  }

  /// Whether the item is the user's: free, or bought.
  public func owns(_ item: Shop.Item) throws(StoreError) -> Bool {
    if item.free { return true }
    return try coins.owns(item.kind, item.name)
  }

  /// What the focus view shows of `kind`: the chosen item when it is owned, the default
  /// otherwise (``Shop/shown(_:setting:owned:)``).
  public func shown(_ kind: Shop.Kind) throws(StoreError) -> Shop.Item {
    try Shop.shown(kind, setting: setting(kind.rawValue)) { item throws(StoreError) in
      try coins.owns(item.kind, item.name)
    }
  }

  /// Why the item of `kind` called `name` cannot be shown yet (not bought), or nil when it
  /// can (``Shop/notOwned(_:_:owned:)``).
  public func notOwned(_ kind: Shop.Kind, _ name: String) throws(StoreError) -> RuleRefusal? {
    try Shop.notOwned(kind, name) { item throws(StoreError) in
      try coins.owns(item.kind, item.name)
    }
  }

  /// Everything for sale, in the shop's order, as the user has it.
  public func shelf() throws(StoreError) -> [ShelfItem] {
    let island = try shown(.island).name
    let pet = try shown(.pet).name
    var shelf: [ShelfItem] = []
    for item in Shop.items {
      let inUse = item.name == (item.kind == .island ? island : pet)
      shelf.append(ShelfItem(item: item, owned: try owns(item), inUse: inUse))
    }
    return shelf
  }

  /// Buys `item` with coins: the balance left, or nil when it is the user's already. Refused
  /// (65) when it costs more than the balance; with no database there are no coins.
  public func buy(_ item: Shop.Item, at now: Date) throws -> Int64? {
    if try owns(item) { return nil }
    do throws(StoreError) {
      if isStandIn {
        throw StoreError.notEnoughCoins(path: path, balance: 0, price: item.price)
      }
      try coins.buy(OwnedItem(kind: item.kind, name: item.name, acquiredAt: now), price: item.price)
    } catch .notEnoughCoins(_, let balance, _) {
      throw CommandRefusal(Shop.tooDear(item, balance: balance), status: .dataError)
    }
    return try coins.balance()
  }

  /// Chooses the item of `kind` called `name` to be shown in the focus view (the `island` or
  /// `pet` setting); refused (65) when it is not the user's.
  public func show(_ kind: Shop.Kind, _ name: String) throws {
    if let refusal = try notOwned(kind, name) { throw CommandRefusal(refusal, status: .dataError) }
    try writable().setSetting(kind.rawValue, name)
  }
}
