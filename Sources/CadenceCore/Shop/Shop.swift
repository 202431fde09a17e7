import CadenceText

/// The shop's catalogue and rules (seed 002): islands and pets for the focus view, bought with
/// the coins completed focus sessions earn. A default of each is free; a bought item is kept
/// for good; what is chosen is shown only when it is owned.
public enum Shop {
  public enum Kind: String, Sendable, CaseIterable { case island, pet }

  /// An item for sale.
  public struct Item: Equatable, Sendable {
    public var kind: Kind
    public var name: String
    public var price: Int64

    public init(kind: Kind, name: String, price: Int64) {
      self.kind = kind
      self.name = name
      self.price = price
    }

    /// Whether it is free, and so owned by everyone.
    public var free: Bool { price == 0 }

    /// `the fox pet`
    public var title: String { "the \(name) \(kind.rawValue)" }
  }

  public static let defaultIsland = "palm"
  public static let defaultPet = "cat"

  /// Everything for sale: the islands, then the pets, each cheapest first.
  public static let items: [Item] =
    [("palm", 0), ("meadow", 40), ("volcano", 120), ("snowy", 200)].map {
      Item(kind: .island, name: $0.0, price: $0.1)
    }
    + [("cat", 0), ("fox", 30), ("owl", 60), ("turtle", 90), ("dragon", 250)].map {
      Item(kind: .pet, name: $0.0, price: $0.1)
    }

  /// The default (free) item of `kind`.
  public static func defaultItem(_ kind: Kind) -> Item {
    item(kind, kind == .island ? defaultIsland : defaultPet)!
  }

  /// The item of `kind` called `name`, exactly; nil when there is none.
  public static func item(_ kind: Kind, _ name: String) -> Item? {
    items.first { $0.kind == kind && $0.name == name }
  }

  /// The item a user names (in any case), or the refusal that lists what there is.
  public static func item(named name: String) throws(RuleRefusal) -> Item {
    guard let item = items.first(where: { $0.name == name.lowercased() }) else {
      throw RuleRefusal(
        sentence:
          "\(QuotedText.quote(name)) is not in the shop; it has \(items.map(\.name).joined(separator: ", "))"
      )
    }
    return item
  }

  /// The refusal of buying `item` with `balance` coins, when it costs more.
  public static func tooDear(_ item: Item, balance: Int64) -> RuleRefusal {
    RuleRefusal(
      sentence:
        "\(item.title) costs \(item.price) coins and you have \(balance); complete focus sessions to earn \(item.price - balance) more"
    )
  }

  /// Why the item of `kind` called `name` cannot be shown yet (for sale, not free, and not
  /// `owned`), or nil when it can (or is not in the shop at all).
  public static func notOwned<Failure: Error>(
    _ kind: Kind, _ name: String, owned: (Item) throws(Failure) -> Bool
  ) throws(Failure) -> RuleRefusal? {
    guard let item = item(kind, name), !item.free, try !owned(item) else { return nil }
    return RuleRefusal(
      sentence:
        "\(item.title) is not yours yet; buy it with cadence shop buy \(name) (\(item.price) coins)"
    )
  }

  /// What the focus view shows of `kind`: the item `setting` names when it is free or
  /// `owned`, the default otherwise (no setting, an unknown name, an item not bought).
  public static func shown<Failure: Error>(
    _ kind: Kind, setting: String?, owned: (Item) throws(Failure) -> Bool
  ) throws(Failure) -> Item {
    let chosen = setting.flatMap { item(kind, $0) } ?? defaultItem(kind)
    if chosen.free { return chosen }
    return try owned(chosen) ? chosen : defaultItem(kind)
  }
}
