/// Finding the zone the user lives in, as the C library does, with the zone files read
/// through a ``ZoneFileReader``.
extension Zone {
  /// The folder of the system's zone files when `$TZDIR` does not name one.
  public static let systemDirectory = "/usr/share/zoneinfo"
  /// The largest zone file read: the system's are a few kilobytes.
  static let maximumFileSize = 1 << 20

  /// The local zone for an environment.
  ///
  /// `TZ` may hold `:` and a zone name or file, a zone name (`Europe/London`, found in
  /// `$TZDIR` or `/usr/share/zoneinfo`), an absolute path to a TZif file, or a POSIX rule
  /// (`UTC0`, `EST5EDT,M3.2.0,M11.1.0`); an empty `TZ` is UTC. Without `TZ` the zone is
  /// `/etc/localtime`'s. Anything that cannot be read or understood gives UTC.
  public static func local(
    environment: [String: String], localtime: String = "/etc/localtime",
    files: any ZoneFileReader
  ) -> Zone {
    let directory = environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? systemDirectory
    guard var text = environment["TZ"] else {
      let identifier = localtimeIdentifier(localtime, files: files)
      return Zone(path: localtime, identifier: identifier, files: files) ?? .utc
    }
    if text.isEmpty { return .utc }
    let colon = text.hasPrefix(":")
    if colon { text.removeFirst() }
    if text.hasPrefix("/") {
      return Zone(path: text, identifier: identifier(ofPath: text), files: files) ?? .utc
    }
    if let zone = Zone(named: text, directory: directory, files: files) { return zone }
    return colon ? .utc : Zone(posixRule: text) ?? .utc
  }

  /// The zone file the environment names (through `TZ`, or `/etc/localtime` without it) when
  /// it is there but is not a regular file, with what it is (`a named pipe (FIFO)`): it is
  /// never opened, and times are in UTC, which the user should be told. Nil otherwise: a
  /// missing file, a POSIX rule or an empty `TZ` is read as the C library reads it.
  public static func unreadableFile(
    environment: [String: String], localtime: String = "/etc/localtime",
    files: any ZoneFileReader
  ) -> (path: String, kind: String)? {
    var path = localtime
    if var text = environment["TZ"] {
      if text.hasPrefix(":") { text.removeFirst() }
      guard !text.isEmpty else { return nil }
      if text.hasPrefix("/") {
        path = text
      } else {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.contains(where: { $0 == ".." || $0.isEmpty }) else { return nil }
        let directory =
          environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? systemDirectory
        path = directory + "/" + text
      }
    }
    switch files.kind(at: path) {
    case nil, .regular?: return nil
    case .other(let kind)?: return (path, kind)
    case .folder?: return (path, "a folder")
    }
  }

  /// The zone called `name` (`Europe/Paris`) in `directory`; nil when there is no such zone,
  /// its file is not a well-formed TZif file, or the name is not a plain relative path.
  public init?(
    named name: String, directory: String = Zone.systemDirectory, files: any ZoneFileReader
  ) {
    let parts = name.split(separator: "/", omittingEmptySubsequences: false)
    guard !name.hasPrefix("/"), !parts.contains(where: { $0 == ".." || $0.isEmpty }) else {
      return nil
    }
    self.init(path: directory + "/" + name, identifier: name, files: files)
  }

  /// The zone in the TZif file at `path`; nil when it cannot be read or is not well formed.
  public init?(path: String, identifier: String, files: any ZoneFileReader) {
    guard let bytes = files.bytes(at: path, limit: Zone.maximumFileSize) else { return nil }
    self.init(tzif: bytes, identifier: identifier)
  }

  /// The name of the zone `/etc/localtime` links to, from the part of its target after
  /// `zoneinfo/`; `localtime` when it is not such a link.
  static func localtimeIdentifier(_ path: String, files: any ZoneFileReader) -> String {
    guard let target = files.linkTarget(at: path), !target.isEmpty else { return "localtime" }
    let name = identifier(ofPath: target)
    return name == target ? "localtime" : name
  }

  /// `Europe/Paris` for `/usr/share/zoneinfo/Europe/Paris`; the path itself otherwise.
  static func identifier(ofPath path: String) -> String {
    let marker = Array("zoneinfo/".utf8)
    let bytes = Array(path.utf8)
    guard bytes.count >= marker.count else { return path }
    for start in stride(from: bytes.count - marker.count, through: 0, by: -1)
    where Array(bytes[start..<start + marker.count]) == marker {
      return String(decoding: bytes[(start + marker.count)...], as: UTF8.self)
    }
    return path
  }
}
