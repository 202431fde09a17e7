#if canImport(Glibc)
  import Glibc
#endif

/// Where Cadence keeps its files, from the environment as the XDG Base Directory specification
/// reads it: `$XDG_DATA_HOME`, `$XDG_CONFIG_HOME`, `$XDG_CACHE_HOME`, `$XDG_STATE_HOME` and
/// `$XDG_RUNTIME_DIR`, each under `$HOME` by default.
///
/// A variable that is unset or empty takes its default, and so does one holding a relative
/// path: the specification says such a path is invalid and to be ignored. `$HOME` is honoured;
/// when it is unset, empty or relative, the home folder the password database gives the user
/// is used instead. Every file Cadence writes goes under one of these folders, so this is the
/// one place that reads those variables.
public struct Paths: Sendable, Equatable {
  /// The user's home folder; nil only when neither `$HOME` nor the password database has one.
  public let home: String?
  /// `$XDG_DATA_HOME`, else `~/.local/share`.
  public let dataHome: String?
  /// `$XDG_CONFIG_HOME`, else `~/.config`.
  public let configHome: String?
  /// `$XDG_CACHE_HOME`, else `~/.cache`.
  public let cacheHome: String?
  /// `$XDG_STATE_HOME`, else `~/.local/state`.
  public let stateHome: String?
  /// `$XDG_RUNTIME_DIR`; it has no default.
  public let runtimeHome: String?

  /// The folders `environment` names; `accountHome` is asked for the home folder only when
  /// `$HOME` is unset, empty or relative.
  public init(
    environment: [String: String], accountHome: () -> String? = Paths.accountHome
  ) {
    let home = Self.absolute(environment["HOME"]) ?? Self.absolute(accountHome())
    func base(_ variable: String, _ fallback: String) -> String? {
      Self.absolute(environment[variable]) ?? home.map { Self.joined($0, fallback) }
    }
    self.home = home
    dataHome = base("XDG_DATA_HOME", ".local/share")
    configHome = base("XDG_CONFIG_HOME", ".config")
    cacheHome = base("XDG_CACHE_HOME", ".cache")
    stateHome = base("XDG_STATE_HOME", ".local/state")
    runtimeHome = Self.absolute(environment["XDG_RUNTIME_DIR"])
  }

  // MARK: Cadence's folders

  /// Cadence's data: `$XDG_DATA_HOME/cadence`.
  public var data: String? { dataHome.map { $0 + "/cadence" } }
  /// Cadence's configuration: `$XDG_CONFIG_HOME/cadence`.
  public var config: String? { configHome.map { $0 + "/cadence" } }
  /// What Cadence can make again (the bing's sound files): `$XDG_CACHE_HOME/cadence`.
  public var cache: String? { cacheHome.map { $0 + "/cadence" } }
  /// Cadence's state: `$XDG_STATE_HOME/cadence`.
  public var state: String? { stateHome.map { $0 + "/cadence" } }
  /// Where running runs keep their sockets: `$XDG_RUNTIME_DIR/cadence`, or, as the
  /// specification allows when it is unset, a private folder in the data folder, `run`.
  public var runtime: String? { runtimeHome.map { $0 + "/cadence" } ?? data.map { $0 + "/run" } }

  /// The history database: `cadence.db` in the data folder.
  public var database: String? { data.map { $0 + "/cadence.db" } }
  /// The routines library: `routines` in the configuration folder.
  public var routines: String? { config.map { $0 + "/routines" } }
  /// The trust list: `trusted` in the configuration folder.
  public var trustList: String? { config.map { $0 + "/trusted" } }

  // MARK: Where earlier versions looked

  /// The folders Cadence used before it read the environment as the specification does: a
  /// relative `$XDG_DATA_HOME` or `$XDG_CONFIG_HOME` (from the current folder) or an empty
  /// `$HOME` (the root) was taken as it was. Nil for a folder the rules agree on.
  public struct Earlier: Sendable, Equatable {
    public var data: String?
    public var config: String?
  }

  /// Where earlier versions kept the data and configuration, where that differs from here.
  public static func earlier(environment: [String: String], now: Paths) -> Earlier {
    let home = environment["HOME"]
    func old(_ variable: String, _ fallback: String) -> String? {
      if let value = environment[variable], !value.isEmpty { return value }
      return home.map { $0 + "/" + fallback }
    }
    let data = (old("XDG_DATA_HOME", ".local/share") ?? now.dataHome).map { $0 + "/cadence" }
    let config = old("XDG_CONFIG_HOME", ".config").map { $0 + "/cadence" }
    return Earlier(
      data: data == now.data ? nil : data, config: config == now.config ? nil : config)
  }

  /// `path` as found: the new place, unless nothing is there and the earlier place has
  /// something, which is then used where it is (a user's files are never left behind).
  public static func kept(_ path: String?, earlier: String?) -> String? {
    guard let path, let earlier, earlier != path else { return path }
    if case .success = PrivateFiles.status(path) { return path }
    if case .success = PrivateFiles.status(earlier) { return earlier }
    return path
  }

  // MARK: Helpers

  /// `value` when it is an absolute path; nil when unset, empty or relative.
  static func absolute(_ value: String?) -> String? {
    guard let value, value.hasPrefix("/") else { return nil }
    return value
  }

  /// `folder/name` with one slash between them, however `folder` ends.
  static func joined(_ folder: String, _ name: String) -> String {
    var base = folder
    while base.count > 1, base.hasSuffix("/") { base.removeLast() }
    return base == "/" ? "/" + name : base + "/" + name
  }

  /// The home folder the password database gives the user this process runs as.
  public static func accountHome() -> String? {
    var entry = passwd()
    var found: UnsafeMutablePointer<passwd>?
    var buffer = [CChar](repeating: 0, count: 16_384)
    let status = getpwuid_r(geteuid(), &entry, &buffer, buffer.count, &found)
    guard status == 0, found != nil, let directory = entry.pw_dir else { return nil }
    return String(cString: directory)
  }
}
