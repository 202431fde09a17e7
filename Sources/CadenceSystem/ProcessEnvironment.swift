#if canImport(Glibc)
  import Glibc
#endif

/// This process's environment variables, read as they are now.
public enum ProcessEnvironment {
  /// The value of `name`, nil when it is not set.
  public static func value(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
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
