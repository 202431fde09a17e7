/// How the zone files reach CadenceTime: it reads no file itself, so it stays free of the
/// system. The program passes the system's reader (`SystemZoneFiles` in CadenceSystem); a test
/// may pass files held in memory.
public protocol ZoneFileReader: Sendable {
  /// The bytes of the regular file at `path`, at most `limit` of them; nil when it is missing,
  /// is not a regular file, cannot be read or holds more. It never waits: a FIFO, a socket or a
  /// device is refused from its type.
  func bytes(at path: String, limit: Int) -> [UInt8]?

  /// What is at `path`; nil when nothing is (or it cannot be looked at).
  func kind(at path: String) -> ZoneFileKind?

  /// Where the symbolic link at `path` points; nil when it is not a link.
  func linkTarget(at path: String) -> String?
}

/// What a path a zone is read from holds.
public enum ZoneFileKind: Equatable, Sendable {
  case regular
  case folder
  /// Anything else, named as a message says it: `a named pipe (FIFO)`.
  case other(String)
}
