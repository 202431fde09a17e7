import CadenceText

/// A JSON value with ordered object keys, written compactly on one line by ``JSONWriter``. Not
/// `indirect`: arrays hold their elements apart already, so no value needs a box of its own.
public enum JSONValue: Sendable, Equatable {
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
    var writer = JSONWriter()
    write(to: &writer)
    return writer.text
  }

  /// Writes the value at the writer's place (after a member's name, or as the next element).
  public func write(to writer: inout JSONWriter) {
    switch self {
    case .null: writer.null()
    case .bool(let value): writer.bool(value)
    case .int(let value): writer.integer(value)
    case .double(let value): writer.number(value)
    case .string(let value): writer.string(value)
    case .array(let values):
      writer.beginArray()
      for value in values { value.write(to: &writer) }
      writer.endArray()
    case .object(let members):
      writer.beginObject()
      for (name, value) in members {
        writer.name(name)
        value.write(to: &writer)
      }
      writer.endObject()
    }
  }
}
