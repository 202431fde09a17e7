import CSystem

#if canImport(Glibc)
  import Glibc
#endif

/// This process's environment variables, read as they are now.
public enum ProcessEnvironment {
  /// The value of `name`, nil when it is not set.
  public static func value(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// Every variable, read once: each entry split at its first "=" (an entry without one is
  /// left out), and of a name given twice the first kept, as `getenv` finds it. Built from
  /// the bytes directly: Foundation's `ProcessInfo.environment` walks each entry character by
  /// character and took half of a short command's start-up.
  public static func all() -> [String: String] {
    guard let entries = cadence_environment() else { return [:] }
    var count = 0
    while entries[count] != nil { count += 1 }
    var variables = [String: String](minimumCapacity: count)
    for index in 0..<count {
      guard let entry = entries[index] else { continue }
      let bytes = UnsafeRawBufferPointer(start: entry, count: strlen(entry))
      guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { continue }
      let name = String(decoding: bytes[..<equals], as: UTF8.self)
      if variables[name] == nil {
        variables[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
      }
    }
    return variables
  }
}

extension PrivateFiles {
  /// Where the symbolic link at `path` points (its text, not resolved); nil when it is not a
  /// link or cannot be read.
  public static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
