import CadenceTime

#if canImport(Glibc)
  import Glibc
#endif

/// The system's zone files, as CadenceTime reads them: a regular file is read through
/// ``RegularFile`` (nothing waits, nothing past the limit), a path's type from `stat` and a
/// link's target from `readlink`.
public struct SystemZoneFiles: ZoneFileReader {
  public init() {}

  public func bytes(at path: String, limit: Int) -> [UInt8]? {
    try? RegularFile.read(path, limit: limit).get()
  }

  public func kind(at path: String) -> ZoneFileKind? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    switch RegularFile.kind(of: status.st_mode) {
    case nil: return .regular
    case .notRegular(let kind)?: return .other(kind)
    default: return .folder
    }
  }

  public func linkTarget(at path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

extension ZoneFileReader where Self == SystemZoneFiles {
  /// The system's zone files.
  public static var system: SystemZoneFiles { SystemZoneFiles() }
}

extension Zone {
  /// The zone `$TZ` and `/etc/localtime` choose for this process (see
  /// ``Zone/local(environment:localtime:files:)``), read from the system's zone files.
  public static var current: Zone {
    var environment: [String: String] = [:]
    for name in ["TZ", "TZDIR"] {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return local(environment: environment, files: .system)
  }
}
