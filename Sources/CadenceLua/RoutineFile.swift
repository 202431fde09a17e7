import CadenceCore
import Foundation

/// A routine file loaded into its own sandbox: the table it returned, ready to compile, and
/// the state that holds its hooks.
public final class RoutineFile {
  /// The largest routine file Cadence reads.
  public static let maximumSize = 64 << 20
  /// Where the returned table is kept in the state's registry.
  static let registryKey = "cadence.routine"

  /// The path as the user gave it, used in every message.
  public let path: String
  public let document: ScriptValue?
  public let sandbox: LuaSandbox
  /// The file's bytes, for hashing and records.
  public let source: [UInt8]

  /// Reads and runs the routine file at `path` in a new sandbox.
  public convenience init(path: String, limits: SandboxLimits = SandboxLimits())
    throws(RoutineFileError)
  {
    let source = try RoutineFileReader.read(path, maximumSize: Self.maximumSize)
    try self.init(source: source, path: path, limits: limits)
  }

  /// Runs routine text that did not come from a file; `path` names it in messages.
  public init(source: [UInt8], path: String, limits: SandboxLimits = SandboxLimits())
    throws(RoutineFileError)
  {
    self.path = path
    self.source = source
    do {
      sandbox = try LuaSandbox(limits: limits)
      document = try sandbox.run(source: source, chunk: path, keepingAs: Self.registryKey)
    } catch {
      throw .script(error)
    }
  }

  /// What the file's own print calls wrote while it loaded.
  public func takeOutput() -> (text: String, truncated: Bool) { sandbox.takeOutput() }

  /// The routine's name when it gives none: the file name without `.lua`.
  public var defaultName: String {
    let file = (path as NSString).lastPathComponent
    return file.hasSuffix(".lua") ? String(file.dropLast(4)) : file
  }

  /// Validates the returned table into a routine, with the command line's overrides.
  public func routine(overrides: [(name: String, value: String)] = []) throws(RoutineError)
    -> Routine
  {
    try RoutineReader.read(document, defaultName: defaultName, overrides: overrides)
  }
}
