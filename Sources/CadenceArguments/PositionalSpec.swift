/// A positional argument: `FILE`, or `FILE...` when it takes more than one.
public struct PositionalSpec: Sendable, Equatable {
  public var name: String
  public var help: String
  public var minimum: Int
  /// nil for no upper bound.
  public var maximum: Int?

  public init(_ name: String, help: String, minimum: Int = 1, maximum: Int? = 1) {
    self.name = name
    self.help = help
    self.minimum = minimum
    self.maximum = maximum
  }
}
