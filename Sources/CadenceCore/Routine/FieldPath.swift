/// Where a value sits in a routine, written as a user would find it: `steps[2].steps[1].name`.
public struct FieldPath: Sendable, Equatable, CustomStringConvertible {
  public private(set) var description: String

  public init(_ text: String = "") { description = text }

  public func appending(_ name: String) -> FieldPath {
    FieldPath(description.isEmpty ? name : "\(description).\(name)")
  }

  public func index(_ position: Int) -> FieldPath {
    FieldPath("\(description)[\(position)]")
  }
}
