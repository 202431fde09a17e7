/// Why a control request was refused, as the sentence the reply carries.
public struct ControlError: Error, Sendable, Equatable, CustomStringConvertible {
  public var description: String

  public init(_ description: String) { self.description = description }
}
