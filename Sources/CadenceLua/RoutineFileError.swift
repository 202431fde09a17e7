/// Why a routine file could not be loaded.
public enum RoutineFileError: Error, Equatable, Sendable, CustomStringConvertible {
  case missing(String)
  case directory(String)
  /// A FIFO, a socket or a device: refused from its type, never opened for reading.
  case notAFile(String, kind: String)
  case unreadable(String)
  case tooLarge(String, limit: Int)
  case script(LuaError)

  public var description: String {
    switch self {
    case .missing(let path):
      return "\(path): no such file; check the path, or run cadence check on the routine you meant"
    case .directory(let path):
      return "\(path): is a directory, not a routine file; name a .lua file inside it"
    case .notAFile(let path, let kind):
      return "\(path): is \(kind), not a routine file; name a regular .lua file"
    case .unreadable(let path):
      return "\(path): cannot be read; check its permissions"
    case .tooLarge(let path, let limit):
      return "\(path): is larger than \(limit >> 20) MB, too large to be a routine"
    case .script(let error):
      return error.description
    }
  }

  /// True when the file was not there to read, as opposed to being a bad routine.
  public var isMissing: Bool {
    switch self {
    case .missing, .directory, .notAFile, .unreadable: return true
    default: return false
    }
  }
}
