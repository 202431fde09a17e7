import CadenceText

/// A JSON value with ordered object keys, written compactly on one line.
public indirect enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int64)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.rendered == rhs.rendered
  }

  public var rendered: String {
    var text = ""
    write(into: &text)
    return text
  }

  private func write(into text: inout String) {
    switch self {
    case .null: text += "null"
    case .bool(let value): text += value ? "true" : "false"
    case .int(let value): text += String(value)
    case .double(let value):
      text +=
        value.isFinite
        ? (value == value.rounded() && abs(value) < 1e15
          ? String(Int64(value)) : String(value)) : "null"
    case .string(let value): JSONText.append(value, to: &text)
    case .array(let values):
      text += "["
      for (offset, value) in values.enumerated() {
        if offset > 0 { text += "," }
        value.write(into: &text)
      }
      text += "]"
    case .object(let members):
      text += "{"
      for (offset, member) in members.enumerated() {
        if offset > 0 { text += "," }
        JSONText.append(member.0, to: &text)
        text += ":"
        member.1.write(into: &text)
      }
      text += "}"
    }
  }
}
