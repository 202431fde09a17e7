/// A command line that does not fit the command: one sentence saying what and what to do.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String
  /// The command's usage line, printed after the message.
  public var usage: String

  public init(_ message: String, usage: String) {
    self.message = message
    self.usage = usage
  }

  public var description: String { message }
}
