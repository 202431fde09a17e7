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

  public static func table(_ rows: [Row]) -> String {
    var lines: [[String]] = [["NAME", "SOURCE", "LENGTH", "TAGS", "DESCRIPTION"]]
    for row in rows {
      let length = row.length.map(DurationText.format) ?? "-"
      let about = row.problem.map { "does not check: \($0)" } ?? row.description ?? ""
      let cells = [
        row.entry.name, row.entry.source.rawValue, length, row.tags.joined(separator: ", "), about,
      ]
      lines.append(cells.map(TerminalText.line))
    }
    var widths = [Int](repeating: 0, count: 4)
    for line in lines {
      for column in 0..<4 { widths[column] = max(widths[column], line[column].count) }
    }
    var text = ""
    for line in lines {
      var row = ""
      for column in 0..<4 {
        row += line[column] + String(repeating: " ", count: widths[column] - line[column].count + 2)
      }
      row += line[4]
      while row.last == " " { row.removeLast() }
      text += row + "\n"
    }
    return text
  }
}
