/// A problem with a routine, found before anything runs: where (the path of the key, such as
/// `steps[2].duration`) and what, as one sentence a user can act on.
///
/// The reader goes on past a problem where the rest can still be read, so one error can carry
/// the further problems of the same file: `all` lists every one, in the order found.
public struct RoutineError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Whether the routine file is at fault, or the command line that set its parameters.
  public enum Source: Sendable { case routine, commandLine }

  public var path: String
  public var message: String
  public var source: Source
  /// The problems found after this one in the same pass.
  public var further: [RoutineError] = []

  public init(_ message: String, at path: String = "", source: Source = .routine) {
    self.path = path
    self.message = message
    self.source = source
  }

  /// This problem and every further one, each on its own.
  public var all: [RoutineError] {
    var first = self
    first.further = []
    return [first] + further
  }

  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
