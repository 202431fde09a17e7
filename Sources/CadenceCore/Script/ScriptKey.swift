/// A key of a script table: a position, a name, or something a routine should not use.
public enum ScriptKey: Sendable, Hashable, Comparable, CustomStringConvertible {
  case index(Int64)
  case name(String)
  /// A key of another type (a boolean, a fractional number, a table), by description.
  case other(String)

  public var description: String {
    switch self {
    case .index(let index): return "[\(index)]"
    case .name(let name): return name
    case .other(let text): return "[\(text)]"
    }
  }

  private var rank: Int {
    switch self {
    case .index: return 0
    case .name: return 1
    case .other: return 2
    }
  }

  public static func < (lhs: ScriptKey, rhs: ScriptKey) -> Bool {
    switch (lhs, rhs) {
    case (.index(let a), .index(let b)): return a < b
    case (.name(let a), .name(let b)): return a < b
    case (.other(let a), .other(let b)): return a < b
    default: return lhs.rank < rhs.rank
    }
  }
}
