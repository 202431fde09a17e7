/// A parameter a routine declares, with the value in force for this run.
public struct Parameter: Sendable, Equatable, Codable {
  public var name: String
  public var value: ParameterValue
  /// Whether the command line set the value (otherwise it is the routine's default).
  public var isOverridden: Bool

  public init(name: String, value: ParameterValue, isOverridden: Bool = false) {
    self.name = name
    self.value = value
    self.isOverridden = isOverridden
  }
}
