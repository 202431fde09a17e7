import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

/// The trust list cannot be forged by what goes into it: a routine's file name, whatever it
/// holds, stays in its own entry; trust needs the path and the text's SHA-256 together; a
/// list in the earlier `DIGEST  PATH` form still reads; names are shown escaped.
@Suite struct TrustListTests {
  let folder = TemporaryFolder("trust-list").url

  var environment: [String: String] {
    ["XDG_CONFIG_HOME": folder.appendingPathComponent("config").path]
  }
  var listPath: String { folder.appendingPathComponent("config/cadence/trusted").path }

  /// A routine whose hook asks for an action, so that `simulate` says whether it is trusted.
  static let acting = """
    return {
      steps = { { "Work", "1s" } },
      on_start = function(ctx) return { actions = { { run = { "true", "acted" } } } } end,
    }

    """

  func write(_ name: String, _ text: String = Self.acting) throws -> String {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  /// Whether `simulate` would run the routine's actions (true) or skip them (false).
  func isTrusted(_ path: String) throws -> Bool {
    let output = try CadenceProcess.run(["simulate", path], environment: environment)
    #expect(output.status == 0, "\(output.standardError)")
    if output.standardOutput.contains("would run: true acted") { return true }
    #expect(output.standardOutput.contains("would skip: true acted"), "\(output.standardOutput)")
    return false
  }

  static func sha256(_ text: String) throws -> String {
    let path = try CadenceProcess.temporaryFile("text", text)
    let output = try CadenceProcess.runTool("/usr/bin/sha256sum", [path])
    return String(output.standardOutput.prefix(64))
  }

  /// File names that try to add an entry for another routine: a line in the earlier form, a
  /// JSON line (a file name cannot hold `/`, but JSON may write it `\u002F`), and a
  /// name that tries to close its own JSON string.
  static let forgeries: [String] = [
    "a.lua\nDIGEST  other.lua\n", "b.lua\nJSON\n", "c.lua\",\"sha256\":\"DIGEST\",\"path\":\"PATH",
    "d.lua\r\nDIGEST  PATH\u{2028}DIGEST  other.lua",
  ]

  @Test(arguments: forgeries) func aFileNameCannotGrantTrustToAnotherRoutine(_ pattern: String)
    throws
  {
    defer { try? FileManager.default.removeItem(at: folder) }
    let other = try write("other.lua")
    #expect(try !isTrusted(other))
    let digest = try Self.sha256(Self.acting)
    let escapedPath = other.replacingOccurrences(of: "/", with: "\\u002F")
    let name =
      pattern
      .replacingOccurrences(
        of: "JSON", with: "{\"sha256\":\"\(digest)\",\"path\":\"\(escapedPath)\"}"
      )
      .replacingOccurrences(of: "DIGEST", with: digest)
      .replacingOccurrences(of: "PATH", with: escapedPath)
    let harmless = try write(name, "return { steps = { { \"Read\", \"1s\" } } }\n")
    let trusted = try CadenceProcess.run(["trust", harmless], environment: environment)
    #expect(trusted.status == 0, "\(trusted.standardError)")

    #expect(try !isTrusted(other))
    // One entry, on one line, for the routine that was trusted.
    let list = try String(contentsOfFile: listPath, encoding: .utf8)
    #expect(list.split(separator: "\n").count == 1, "\(list)")
    let listed = try CadenceProcess.run(["trust", "--list"], environment: environment)
    #expect(listed.standardOutput.split(separator: "\n").count == 1, "\(listed.standardOutput)")
    #expect(listed.standardOutput.hasSuffix("  unchanged\n"), "\(listed.standardOutput)")
  }

  /// The same text at another path is not trusted: trust is the path and the text together.
  @Test func theSameTextElsewhereIsNotTrusted() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let one = try write("one.lua")
    let copy = try write("copy.lua")
    _ = try CadenceProcess.run(["trust", one], environment: environment)
    #expect(try isTrusted(one))
    #expect(try !isTrusted(copy))
    // Reached another way (a relative path, a link), it is the same file, still trusted.
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("link.lua").path, withDestinationPath: one)
    #expect(try isTrusted(folder.appendingPathComponent("link.lua").path))
    let relative = try CadenceProcess.run(
      ["simulate", "./one.lua"], environment: environment, directory: folder)
    #expect(relative.standardOutput.contains("would run: true acted"), "\(relative.standardOutput)")
  }

  /// A list written by an earlier version still trusts what it trusted; the next change writes
  /// it in the new form with nothing lost, and revoking removes only the routine revoked.
  @Test func aListInTheEarlierFormStillReadsAndIsKeptWhenRewritten() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let study = try write("study.lua")
    let gym = try write("gym.lua", Self.acting + "-- gym\n")
    let digest = try Self.sha256(Self.acting)
    try FileManager.default.createDirectory(
      atPath: folder.appendingPathComponent("config/cadence").path,
      withIntermediateDirectories: true)
    try "\(digest)  \(study)\n".write(toFile: listPath, atomically: false, encoding: .utf8)
    #expect(try isTrusted(study))
    #expect(try !isTrusted(gym))

    let trusted = try CadenceProcess.run(["trust", gym], environment: environment)
    #expect(trusted.status == 0, "\(trusted.standardError)")
    #expect(try isTrusted(study))
    #expect(try isTrusted(gym))
    let list = try String(contentsOfFile: listPath, encoding: .utf8)
    let gymDigest = try Self.sha256(Self.acting + "-- gym\n")
    #expect(
      list == """
        {"sha256":"\(digest)","path":"\(study)"}
        {"sha256":"\(gymDigest)","path":"\(gym)"}

        """)

    let revoked = try CadenceProcess.run(["trust", "--revoke", study], environment: environment)
    #expect(
      revoked.standardOutput.hasSuffix(
        "is no longer trusted: its hooks' actions will be skipped.\n"))
    #expect(try !isTrusted(study))
    #expect(try isTrusted(gym))
    // A routine whose file is gone can still be revoked.
    try FileManager.default.removeItem(atPath: gym)
    let gone = try CadenceProcess.run(["trust", "--revoke", gym], environment: environment)
    #expect(gone.status == 0, "\(gone.standardError)")
    let empty = try CadenceProcess.run(["trust", "--list"], environment: environment)
    #expect(empty.standardOutput == "No routine is trusted.\n")
  }

  /// A name with a line break, an escape and a bidirectional override is listed escaped, and
  /// said escaped when trusted and revoked.
  @Test func namesAreShownEscaped() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try write("evil\n\u{1B}[2J\u{202E}.lua")
    let shown = folder.path + "/evil\\n\\u{1B}[2J\\u{202E}.lua"
    let trusted = try CadenceProcess.run(["trust", path], environment: environment)
    #expect(
      trusted.standardOutput.hasPrefix("Trusted \(shown) (SHA-256 "), "\(trusted.standardOutput)")
    let listed = try CadenceProcess.run(["trust", "--list"], environment: environment)
    #expect(listed.standardOutput.hasSuffix("  \(shown)  unchanged\n"), "\(listed.standardOutput)")
    #expect(!listed.standardOutput.contains("\u{1B}"))
    #expect(!listed.standardOutput.contains("\u{202E}"))
    let revoked = try CadenceProcess.run(["trust", "--revoke", path], environment: environment)
    #expect(
      revoked.standardOutput
        == "\(shown) is no longer trusted: its hooks' actions will be skipped.\n")
  }

  /// The list is replaced whole, never written through a link put where it is.
  @Test func theListIsNotWrittenThroughALink() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try write("study.lua")
    let elsewhere = try write("elsewhere", "kept\n")
    try FileManager.default.createDirectory(
      atPath: folder.appendingPathComponent("config/cadence").path,
      withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: listPath, withDestinationPath: elsewhere)
    let trusted = try CadenceProcess.run(["trust", path], environment: environment)
    #expect(trusted.status == 0, "\(trusted.standardError)")
    #expect(try String(contentsOfFile: elsewhere, encoding: .utf8) == "kept\n")
    let attributes = try FileManager.default.attributesOfItem(atPath: listPath)
    #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o077 } == 0)
  }

  /// A kept run of a trusted routine is still trusted when resumed: by the path it was started
  /// with (a relative one from the folder `resume` is run in) and the text it kept.
  @Test(arguments: [false, true]) func aResumedRunIsTrustedAsItsRoutineWas(relative: Bool) throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let marker = folder.appendingPathComponent("acted").path
    let text = """
      return {
        steps = { { "Work", "2s" } },
        on_finish = function(ctx) return { actions = { { run = { "/usr/bin/touch", "\(marker)" } } } } end,
      }

      """
    let path = try write("kept.lua", text)
    let database = folder.appendingPathComponent("cadence.db").path
    let store = try Store(path: database)
    _ = try store.beginRun(
      path: relative ? "kept.lua" : path, source: Array(text.utf8), hash: "0", parameters: [],
      startedAt: Int64(Date().timeIntervalSince1970 * 1000) - 1000, pid: 0)
    let trusted = try CadenceProcess.run(["trust", path], environment: environment)
    #expect(trusted.status == 0, "\(trusted.standardError)")
    let resumed = try CadenceProcess.run(
      ["resume", "--plain", "--mute", "--no-notify"],
      environment: environment.merging([
        "CADENCE_DB": database,
        "XDG_RUNTIME_DIR": folder.appendingPathComponent("runtime").path,
      ]) { $1 }, directory: folder)
    #expect(resumed.status == 0, "\(resumed.standardError)")
    #expect(!resumed.standardError.contains("you do not trust it"), "\(resumed.standardError)")
    #expect(FileManager.default.fileExists(atPath: marker))
  }
}
