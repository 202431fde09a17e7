import CadenceCore
import FoundationEssentials

/// Something bought in the shop: an island or a pet, by name.
public struct OwnedItem: Sendable, Equatable {
  public typealias Kind = Shop.Kind

  public var id: Int64?
  public var kind: Kind
  public var name: String
  public var acquiredAt: Date

  public init(id: Int64? = nil, kind: Kind, name: String, acquiredAt: Date) {
    self.id = id
    self.kind = kind
    self.name = name
    self.acquiredAt = acquiredAt
  }
}

extension OwnedItem: TableRecord {
  static let table = "owned_items"
  static let columns = ["kind", "name", "acquired_at"]

  var values: [SQLValue] {
    [.text(kind.rawValue), .text(name), .text(Timestamp.string(acquiredAt))]
  }

  init(row: Row) {
    self.init(
      id: row.integer("id"), kind: Kind(rawValue: row.text("kind") ?? "") ?? .pet,
      name: row.text("name") ?? "",
      acquiredAt: Timestamp.date(row.text("acquired_at") ?? "") ?? Date(timeIntervalSince1970: 0))
  }
}
