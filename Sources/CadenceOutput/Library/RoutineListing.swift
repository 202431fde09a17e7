import CadenceCore
import CadenceStore
import CadenceText

/// The routines as `cadence list` prints them: a table for people, or a JSON array.
public enum RoutineListing {
  /// A routine as listed: what compiling it with its defaults gave, or why it does not check.
  public struct Row: Sendable {
    public var entry: RoutineLibrary.Entry
    public var length: Int64?
    public var tags: [String]
    public var description: String?
    public var problem: String?

    public init(
      entry: RoutineLibrary.Entry, length: Int64? = nil, tags: [String],
      description: String? = nil, problem: String? = nil
    ) {
      self.entry = entry
      self.length = length
      self.tags = tags
      self.description = description
      self.problem = problem
    }
  }

  public static func json(_ rows: [Row]) -> String {
    JSONValue.array(rows.map(json)).rendered + "\n"
  }

  static func json(_ row: Row) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("name", .string(row.entry.name)), ("source", .string(row.entry.source.rawValue)),
      ("path", row.entry.path.map(JSONValue.string) ?? .null),
      ("length_ms", row.length.map(JSONValue.int) ?? .null),
      ("length", row.length.map { .string(DurationText.format($0)) } ?? .null),
      ("tags", .array(row.tags.map(JSONValue.string))),
      ("description", row.description.map(JSONValue.string) ?? .null),
    ]
    if let problem = row.problem { members.append(("problem", .string(problem))) }
    return .object(members)
  }

  /// The routines as a table: a column each for the name, the source, the length, the tags
  /// and the description (or why it does not check), laid out as every table is
  /// (``PlanRenderer/table(_:indent:rightAligned:)``), with no indent.
  public static func table(_ rows: [Row]) -> String {
    var cells: [[String]] = [["NAME", "SOURCE", "LENGTH", "TAGS", "DESCRIPTION"]]
    for row in rows {
      let length = row.length.map(DurationText.format) ?? "-"
      let about = row.problem.map { "does not check: \($0)" } ?? row.description ?? ""
      cells.append([
        row.entry.name, row.entry.source.rawValue, length, row.tags.joined(separator: ", "), about,
      ])
    }
    return PlanRenderer.table(cells, indent: "", rightAligned: []).map { $0 + "\n" }.joined()
  }
}
