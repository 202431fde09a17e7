/// A script table: its entries in a stable order (positions first, then names, sorted), so
/// that validation reports problems in the same order on every run.
public struct ScriptTable: Sendable, Equatable {
  public private(set) var entries: [(key: ScriptKey, value: ScriptValue)]

  public init(_ entries: [(key: ScriptKey, value: ScriptValue)] = []) {
    self.entries = entries.sorted { $0.key < $1.key }
  }

  public subscript(name: String) -> ScriptValue? {
    entries.first { $0.key == .name(name) }?.value
  }

  public subscript(index: Int64) -> ScriptValue? {
    entries.first { $0.key == .index(index) }?.value
  }

  /// The values at positions 1, 2, 3… in order.
  public var sequence: [ScriptValue] {
    entries.compactMap { entry in
      if case .index = entry.key { return entry.value }
      return nil
    }
  }

  /// Whether the positional entries are exactly 1…n with no holes.
  public var sequenceIsContiguous: Bool {
    var expected: Int64 = 1
    for entry in entries {
      guard case .index(let index) = entry.key else { continue }
      if index != expected { return false }
      expected += 1
    }
    return true
  }

  public var isEmpty: Bool { entries.isEmpty }

  public static func == (lhs: ScriptTable, rhs: ScriptTable) -> Bool {
    lhs.entries.count == rhs.entries.count
      && zip(lhs.entries, rhs.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
  }
}

extension ScriptTable: ExpressibleByDictionaryLiteral {
  public init(dictionaryLiteral elements: (String, ScriptValue)...) {
    self.init(elements.map { (key: ScriptKey.name($0.0), value: $0.1) })
  }
}
