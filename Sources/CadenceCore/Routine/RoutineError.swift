/// A problem with a routine, found before anything runs: where (the path of the key, such as
/// `steps[2].duration`) and what, as one sentence a user can act on.
public struct RoutineError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Whether the routine file is at fault, or the command line that set its parameters.
  public enum Source: Sendable { case routine, commandLine }

  public var path: String
  public var message: String
  public var source: Source

  public init(_ message: String, at path: String = "", source: Source = .routine) {
    self.path = path
    self.message = message
    self.source = source
  }

  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
