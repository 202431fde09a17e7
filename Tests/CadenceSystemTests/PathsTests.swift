import CadenceSystem
import CadenceTestSupport
import Foundation
import Testing

/// The folders `Paths` reads from an environment it is handed, as the XDG Base Directory
/// specification says: unset, empty and relative variables take their defaults under `$HOME`.
struct PathsTests {
  static let variables = [
    "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR",
  ]

  func paths(_ environment: [String: String], account: String? = "/account") -> Paths {
    Paths(environment: environment, accountHome: { account })
  }

  /// The defaults, with each variable unset, empty, or relative (invalid, so ignored).
  @Test(arguments: [nil, "", "relative", "./here", "~/x"] as [String?])
  func aVariableUnsetEmptyOrRelativeTakesItsDefaultUnderHome(value: String?) {
    var environment = ["HOME": "/home/ada"]
    for variable in Self.variables { environment[variable] = value }
    let found = paths(environment)
    #expect(found.home == "/home/ada")
    #expect(found.dataHome == "/home/ada/.local/share")
    #expect(found.configHome == "/home/ada/.config")
    #expect(found.cacheHome == "/home/ada/.cache")
    #expect(found.stateHome == "/home/ada/.local/state")
    #expect(found.runtimeHome == nil)
    #expect(found.database == "/home/ada/.local/share/cadence/cadence.db")
    #expect(found.routines == "/home/ada/.config/cadence/routines")
    #expect(found.trustList == "/home/ada/.config/cadence/trusted")
    #expect(found.cache == "/home/ada/.cache/cadence")
    #expect(found.state == "/home/ada/.local/state/cadence")
    // With no runtime folder, the sockets go in a private folder in the data folder.
    #expect(found.runtime == "/home/ada/.local/share/cadence/run")
  }

  @Test func eachVariableSetToAnAbsolutePathIsUsed() {
    let found = paths([
      "HOME": "/home/ada", "XDG_DATA_HOME": "/d", "XDG_CONFIG_HOME": "/c",
      "XDG_CACHE_HOME": "/k", "XDG_STATE_HOME": "/s", "XDG_RUNTIME_DIR": "/run/user/7",
    ])
    #expect(found.data == "/d/cadence")
    #expect(found.config == "/c/cadence")
    #expect(found.cache == "/k/cadence")
    #expect(found.state == "/s/cadence")
    #expect(found.runtime == "/run/user/7/cadence")
  }

  /// `$HOME` is honoured over the password database, which serves only when `$HOME` is unset,
  /// empty or relative.
  @Test(arguments: [nil, "", "home/ada"] as [String?])
  func aHomeUnsetEmptyOrRelativeIsTheAccountsHome(home: String?) {
    var environment: [String: String] = [:]
    environment["HOME"] = home
    #expect(paths(environment).home == "/account")
    #expect(paths(environment).cache == "/account/.cache/cadence")
    #expect(paths(["HOME": "/home/ada"]).home == "/home/ada")
    // With no home at all, only an absolute variable gives a folder.
    let nowhere = paths(["HOME": "", "XDG_CACHE_HOME": "/k"], account: nil)
    #expect(nowhere.home == nil)
    #expect(nowhere.data == nil)
    #expect(nowhere.runtime == nil)
    #expect(nowhere.cache == "/k/cadence")
  }

  @Test func aHomeEndingInASlashGivesOneSlash() {
    #expect(paths(["HOME": "/home/ada/"]).configHome == "/home/ada/.config")
    #expect(paths(["HOME": "/"]).configHome == "/.config")
  }

  @Test func theAccountsHomeIsTheOneThePasswordDatabaseGives() throws {
    let home = try #require(Paths.accountHome())
    #expect(home.hasPrefix("/"))
    #expect(Paths(environment: [:]).home == home)
  }

  /// Earlier versions took a relative variable or an empty `$HOME` as it was; a file there is
  /// still found while none is at the new place.
  @Test func whereEarlierVersionsKeptFilesIsFoundUntilTheNewPlaceHasOne() throws {
    let same = Paths.earlier(
      environment: ["HOME": "/home/ada"], now: paths(["HOME": "/home/ada"]))
    #expect(same.data == nil && same.config == nil)
    let relative = ["HOME": "/home/ada", "XDG_DATA_HOME": "mine", "XDG_CONFIG_HOME": "conf"]
    let earlier = Paths.earlier(environment: relative, now: paths(relative))
    #expect(earlier.data == "mine/cadence")
    #expect(earlier.config == "conf/cadence")

    let folder = TemporaryFolder("paths").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let new = folder + "/new.db"
    let old = folder + "/old.db"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    #expect(Paths.kept(new, earlier: old) == new)
    #expect(FileManager.default.createFile(atPath: old, contents: Data()))
    #expect(Paths.kept(new, earlier: old) == old)
    #expect(FileManager.default.createFile(atPath: new, contents: Data()))
    #expect(Paths.kept(new, earlier: old) == new)
  }
}
