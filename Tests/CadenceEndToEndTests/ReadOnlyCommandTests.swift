import CadenceTestSupport
import Foundation
import Testing

/// Commands that only read, or are refused, never create the database or its folder: with none
/// there yet they say what an empty one would, and only a command that writes makes it.
@Suite(.timeLimit(.minutes(10))) struct ReadOnlyCommandTests {
  let home = TemporaryFolder("readonly").url

  /// The reading commands, each with what it exits with and the start of what it says.
  static let readers: [(arguments: [String], status: Int32, output: String)] = [
    (["history"], 0, "No sessions recorded yet."), (["history", "--json"], 0, "[]"),
    (["history", "--csv"], 0, "id,kind,"), (["stats"], 0, "Last 14 days: 0 sessions"),
    (["today"], 0, ""), (["today", "--json"], 0, "[]"),
    (["task", "list"], 0, "No tasks yet"), (["task", "list", "--json"], 0, "[]"),
    (["goal", "list"], 0, "No goals yet"), (["goal", "list", "--json"], 0, "[]"),
    (["shop"], 0, "Coins: 0"), (["shop", "show", "cat"], 0, ""),
    (["config", "list"], 0, "volume = 70 (default)"), (["config", "get", "volume"], 0, "70"),
    (["focus", "--next"], 0, "focus 25m"), (["resume"], 69, ""),
    (["task", "done", "Essay"], 65, ""), (["task", "remove", "Essay"], 65, ""),
    (["task", "edit", "Essay", "--priority", "3"], 65, ""),
    (["goal", "remove", "Degree"], 65, ""),
    (["goal", "edit", "Degree", "--colour", "red"], 65, ""),
    // Commands that write, refused before they have anything to write.
    (["timer", "--plain"], 64, ""), (["timer", "1m", "--task", "Essay", "--plain"], 65, ""),
    (["focus", "--break", "--plain"], 69, ""), (["focus", "Essay", "--plain"], 65, ""),
    (["task", "add", "Essay", "--goal", "Degree"], 65, ""), (["shop", "buy", "fox"], 65, ""),
    (["shop", "use", "fox"], 65, ""), (["config", "set", "volume", "400"], 64, ""),
    (["config", "set", "island", "meadow"], 65, ""),
    (["config", "unset", "volume"], 0, "volume is back to its default"),
  ]

  @Test func aReadingCommandCreatesNoDatabaseAtAPathThatIsNotThere() throws {
    defer { try? FileManager.default.removeItem(at: home) }
    let database = home.appendingPathComponent("new/dir/x.db").path
    for reader in Self.readers {
      let output = try CadenceProcess.run(
        reader.arguments + ["--db", database],
        environment: ["XDG_RUNTIME_DIR": home.appendingPathComponent("runtime").path])
      #expect(
        output.status == reader.status, "\(reader.arguments): \(output.standardError)")
      #expect(
        output.standardOutput.hasPrefix(reader.output),
        "\(reader.arguments): \(output.standardOutput)")
      #expect(
        !FileManager.default.fileExists(atPath: home.appendingPathComponent("new").path),
        "\(reader.arguments) made the database's folder")
    }
    #expect(try CadenceProcess.run(["goal", "add", "Degree", "--db", database]).status == 0)
    #expect(FileManager.default.fileExists(atPath: database))
  }

  @Test(arguments: [
    ["goal", "add", "Degree"], ["task", "add", "Essay"], ["config", "set", "volume", "40"],
    ["shop", "use", "cat"],
  ])
  func aCommandThatWritesCreatesTheDatabase(arguments: [String]) throws {
    let folder = home.appendingPathComponent(UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = folder.appendingPathComponent("new/x.db").path
    let output = try CadenceProcess.run(arguments + ["--db", database])
    #expect(output.status == 0, "\(output.standardError)")
    #expect(FileManager.default.fileExists(atPath: database))
  }

  @Test func revokingTrustNotGivenWritesNoTrustList() throws {
    defer { try? FileManager.default.removeItem(at: home) }
    let config = home.appendingPathComponent("config")
    let output = try CadenceProcess.run(
      ["trust", "--revoke", "gym"], environment: ["XDG_CONFIG_HOME": config.path])
    #expect(output.status == 0, "\(output.standardError)")
    #expect(output.standardOutput.hasSuffix("was not trusted.\n"))
    #expect(!FileManager.default.fileExists(atPath: config.path))
  }

  @Test func aReadingCommandCreatesNothingInTheDataFolder() throws {
    defer { try? FileManager.default.removeItem(at: home) }
    let data = home.appendingPathComponent("data")
    let environment = [
      "HOME": home.path, "XDG_DATA_HOME": data.path, "CADENCE_DB": "",
      "XDG_RUNTIME_DIR": home.appendingPathComponent("runtime").path,
    ]
    let history = try CadenceProcess.run(["history"], environment: environment)
    #expect(history.status == 0)
    #expect(history.standardOutput == "No sessions recorded yet.\n")
    let stats = try CadenceProcess.run(["stats"], environment: environment)
    #expect(stats.status == 0)
    #expect(!FileManager.default.fileExists(atPath: data.path))
    let set = try CadenceProcess.run(["config", "set", "volume", "40"], environment: environment)
    #expect(set.status == 0, "\(set.standardError)")
    #expect(
      FileManager.default.fileExists(atPath: data.appendingPathComponent("cadence/cadence.db").path)
    )
  }
}
