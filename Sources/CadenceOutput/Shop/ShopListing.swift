import CadenceCore
import CadenceStore
import CadenceText

/// The shop as `cadence shop` lists it: the balance, then each item with its price, whether
/// it is yours and whether it is shown; or the same as JSON.
public enum ShopListing {
  public static func text(_ shelf: [Store.ShelfItem], balance: Int64, json: Bool) -> String {
    if json {
      let list = shelf.map { row -> JSONValue in
        .object([
          ("kind", .string(row.item.kind.rawValue)), ("name", .string(row.item.name)),
          ("price", .int(row.item.price)), ("owned", .bool(row.owned)),
          ("in_use", .bool(row.inUse)),
        ])
      }
      return JSONValue.object([("balance", .int(balance)), ("items", .array(list))]).rendered
        + "\n"
    }
    var text = "Coins: \(balance)\n"
    for kind in Shop.Kind.allCases {
      text += "\n\(kind == .island ? "Islands" : "Pets"):\n"
      for row in shelf where row.item.kind == kind {
        let state = row.inUse ? "in use" : row.owned ? "yours" : "\(row.item.price) coins"
        text += "  \(PlainText.padded(row.item.name, to: 10)) \(state)\n"
      }
    }
    return text
  }

  /// What `shop buy` says: the item bought and the coins left, or (with no balance) that it
  /// is the user's already.
  public static func bought(_ item: Shop.Item, balance: Int64?) -> String {
    guard let balance else { return "You already have the \(item.name) \(item.kind.rawValue).\n" }
    return
      "Bought the \(item.name) \(item.kind.rawValue) for \(item.price) coins; \(balance) left. Show it with cadence shop use \(item.name).\n"
  }

  /// What `shop use` says.
  public static func chosen(_ item: Shop.Item) -> String {
    "The focus view now shows the \(item.name) \(item.kind.rawValue).\n"
  }
}
