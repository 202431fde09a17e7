import CadenceCore
import FoundationEssentials

/// A task: something to focus on, on some days of the week, towards a goal.
public struct TaskRecord: Sendable, Equatable {
  public var id: Int64?
  public var name: String
  public var goalID: Int64?
  /// An emoji (or any short text) shown beside the name.
  public var icon: String?
  public var tags: [String]
  /// The focus length used when none is given; nil for the remembered one.
  public var lengthMilliseconds: Int64?
  /// 0 to 10.
  public var priority: Int
  /// The last day to work on it, `YYYY-MM-DD`.
  public var deadline: String?
  /// Days it can be worked on: bit 0 is Monday … bit 6 Sunday.
  public var weekdays: Int
  public var done: Bool
  public var createdAt: Date

  public init(
    id: Int64? = nil, name: String, goalID: Int64? = nil, icon: String? = nil,
    tags: [String] = [], lengthMilliseconds: Int64? = nil, priority: Int = 5,
    deadline: String? = nil, weekdays: Int = 0x7F, done: Bool = false, createdAt: Date
  ) {
    self.id = id
    self.name = name
    self.goalID = goalID
    self.icon = icon
    self.tags = tags
    self.lengthMilliseconds = lengthMilliseconds
    self.priority = priority
    self.deadline = deadline
    self.weekdays = weekdays
    self.done = done
    self.createdAt = createdAt
  }
}

extension TaskRecord: PlannedTask {}

extension TaskRecord: TableRecord {
  static let table = "tasks"
  static let columns = [
    "name", "goal_id", "icon", "tags", "length_ms", "priority", "deadline", "weekdays", "done",
    "created_at",
  ]

  var values: [SQLValue] {
    [
      .text(name), .optional(goalID), .optional(icon),
      .optional(tags.isEmpty ? nil : TagList.joined(tags)), .optional(lengthMilliseconds),
      .integer(Int64(priority)), .optional(deadline), .integer(Int64(weekdays)), .bool(done),
      .text(Timestamp.string(createdAt)),
    ]
  }

  init(row: Row) {
    self.init(
      id: row.integer("id"), name: row.text("name") ?? "", goalID: row.integer("goal_id"),
      icon: row.text("icon"), tags: TagList.split(row.text("tags")),
      lengthMilliseconds: row.integer("length_ms"), priority: Int(row.integer("priority") ?? 5),
      deadline: row.text("deadline"), weekdays: Int(row.integer("weekdays") ?? 0x7F),
      done: row.bool("done"),
      createdAt: Timestamp.date(row.text("created_at") ?? "") ?? Date(timeIntervalSince1970: 0))
  }
}
