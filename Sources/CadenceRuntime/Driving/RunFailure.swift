/// Why a run could not start, as a sentence for the user.
public struct RunFailure: Error, Sendable, Equatable, CustomStringConvertible {
  public var description: String

  public init(_ description: String) { self.description = description }
}
