import FoundationEssentials

/// A goal: a name and the colour its tasks' rings are drawn in.
public struct GoalRecord: Sendable, Equatable {
  public var id: Int64?
  public var name: String
  /// A terminal colour name (`green`, `bright-blue`) or `#rrggbb`, as checked by the command.
  public var colour: String
  public var createdAt: Date

  public init(id: Int64? = nil, name: String, colour: String, createdAt: Date) {
    self.id = id
    self.name = name
    self.colour = colour
    self.createdAt = createdAt
  }
}

extension GoalRecord: TableRecord {
  static let table = "goals"
  static let columns = ["name", "colour", "created_at"]

  var values: [SQLValue] { [.text(name), .text(colour), .text(Timestamp.string(createdAt))] }

  init(row: Row) {
    self.init(
      id: row.integer("id"), name: row.text("name") ?? "", colour: row.text("colour") ?? "",
      createdAt: Timestamp.date(row.text("created_at") ?? "") ?? Date(timeIntervalSince1970: 0))
  }
}
