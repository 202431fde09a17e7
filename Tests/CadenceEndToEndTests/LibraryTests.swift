import CadenceSystem
import CadenceTestSupport
import Foundation
import Testing

/// Routines by name: `$CADENCE_ROUTINES`, then the user's library, then the built-in presets;
/// `list`, `add` and `show`.
@Suite struct LibraryTests {
  /// A fresh environment: a CADENCE_ROUTINES folder and a configuration folder, both empty.
  struct Places {
    let environmentFolder: URL
    let config: URL
    var library: URL { config.appendingPathComponent("cadence/routines") }
    var environment: [String: String] {
      ["CADENCE_ROUTINES": environmentFolder.path, "XDG_CONFIG_HOME": config.path]
    }

    init() throws {
      let root = TemporaryFolder("library").url
      environmentFolder = root.appendingPathComponent("shared")
      config = root.appendingPathComponent("config")
      try FileManager.default.createDirectory(
        at: environmentFolder, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(
        at: config.appendingPathComponent("cadence/routines"), withIntermediateDirectories: true)
    }

    func write(_ name: String, in folder: URL, minutes: Int) throws {
      try
        "return { name = \"\(name) from \(folder.lastPathComponent)\", steps = { { \"Work\", \"\(minutes)m\" } } }\n"
        .write(to: folder.appendingPathComponent("\(name).lua"), atomically: true, encoding: .utf8)
    }
  }

  @Test func aNameIsFoundInEachPlaceInOrder() throws {
    let places = try Places()
    let scratch = FileManager.default.temporaryDirectory
    // Only the built-in preset: an installed cadence has it with no file around.
    var plan = try CadenceProcess.run(
      ["plan", "gym", "--json"], environment: places.environment, directory: scratch)
    #expect(plan.status == 0, "\(plan.standardError)")
    #expect(plan.standardOutput.contains("\"name\":\"Gym circuit\""))
    // The user's library hides the preset.
    try places.write("gym", in: places.library, minutes: 7)
    plan = try CadenceProcess.run(
      ["plan", "gym", "--json"], environment: places.environment, directory: scratch)
    #expect(plan.standardOutput.contains("gym from routines"), "\(plan.standardOutput)")
    // $CADENCE_ROUTINES comes first of all.
    try places.write("gym", in: places.environmentFolder, minutes: 3)
    for command in ["plan", "simulate", "check"] {
      let output = try CadenceProcess.run(
        [command, "gym"], environment: places.environment, directory: scratch)
      #expect(output.status == 0, "\(command): \(output.standardError)")
      #expect(output.standardOutput.contains("gym from shared"), "\(command)")
    }
  }

  @Test func aMissingNameSaysWhereItLooked() throws {
    let places = try Places()
    let output = try CadenceProcess.run(["plan", "pomodor"], environment: places.environment)
    #expect(output.status == 66)
    #expect(output.standardError.hasPrefix("pomodor: no such routine; looked for pomodor.lua in "))
    #expect(output.standardError.contains(places.environmentFolder.path))
    #expect(output.standardError.contains(places.library.path))
    #expect(output.standardError.contains("the built-in presets"))
  }

  @Test func listShowsEveryRoutineWithItsSource() throws {
    let places = try Places()
    try places.write("mine", in: places.library, minutes: 12)
    let output = try CadenceProcess.run(["list", "--json"], environment: places.environment)
    #expect(output.status == 0, "\(output.standardError)")
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8))
        as? [[String: Any]])
    let mine = try #require(rows.first { $0["name"] as? String == "mine" })
    #expect(mine["source"] as? String == "config")
    #expect(mine["length_ms"] as? Int == 720_000)
    let gym = try #require(rows.first { $0["name"] as? String == "gym" })
    #expect(gym["source"] as? String == "built-in")
    #expect(gym["description"] is String)
    let names = try CadenceProcess.run(["list", "--names"], environment: places.environment)
    #expect(names.standardOutput.split(separator: "\n").contains("pomodoro"))
    let table = try CadenceProcess.run(["list"], environment: places.environment)
    #expect(table.standardOutput.hasPrefix("NAME"))
    #expect(table.standardOutput.contains("mine "))
  }

  @Test func addCopiesACheckedRoutineIntoTheLibrary() throws {
    let places = try Places()
    var environment = places.environment
    environment["CADENCE_ROUTINES"] = nil
    let file = try CadenceProcess.temporaryFile(
      "hiit.lua", "return { steps = { { \"Sprint\", \"30s\" }, { \"Rest\", \"30s\" } } }\n")
    let added = try CadenceProcess.run(["add", file], environment: environment)
    #expect(added.status == 0, "\(added.standardError)")
    let copy = places.library.appendingPathComponent("hiit.lua")
    #expect(try String(contentsOf: copy, encoding: .utf8).contains("Sprint"))
    // Not a bad command line (64) but an output that cannot be made: 73, one sentence.
    let again = try CadenceProcess.run(["add", file], environment: environment)
    #expect(again.status == 73)
    #expect(
      again.standardError
        == "\(copy.path): already in your library; give --force to replace it, or --name to add it under another name\n"
    )
    #expect(again.standardOutput.isEmpty)
    let shown = try CadenceProcess.run(["show", "hiit"], environment: environment)
    #expect(
      shown.standardOutput
        == "return { steps = { { \"Sprint\", \"30s\" }, { \"Rest\", \"30s\" } } }\n")
  }

  @Test func addReadsARoutineFromStandardInputUnderItsName() throws {
    let places = try Places()
    var environment = places.environment
    environment["CADENCE_ROUTINES"] = nil
    let text = "return { steps = { { \"Plank\", \"45s\" } } }\n"
    let added = try CadenceProcess.run(
      ["add", "-", "--name", "core"], environment: environment, input: text)
    #expect(added.status == 0, "\(added.standardError)")
    let copy = places.library.appendingPathComponent("core.lua")
    #expect(try String(contentsOf: copy, encoding: .utf8) == text)
  }

  /// With `$HOME` unset, empty or relative, the library is in the home folder the password
  /// database gives (as the database always was), never in the root or the current folder.
  @Test(arguments: [nil, "", "relative"] as [String?])
  func withNoUsableHomeTheLibraryIsInTheAccountsHome(home: String?) throws {
    var wrapper = ["/usr/bin/env", "-u", "XDG_CONFIG_HOME", "-u", "CADENCE_ROUTINES"]
    wrapper += home.map { ["HOME=\($0)"] } ?? ["-u", "HOME"]
    let output = try CadenceProcess.run(["run", "no-such-routine"], wrapper: wrapper)
    let account = try #require(Paths.accountHome())
    #expect(output.status == 66)
    #expect(
      output.standardError
        == "no-such-routine: no such routine; looked for no-such-routine.lua in \(account)/.config/cadence/routines and the built-in presets; run cadence list to see them all, or give a path\n"
    )
  }

  @Test func aRoutineFromStandardInputIsCalledStandardInputInItsErrors() throws {
    let places = try Places()
    let output = try CadenceProcess.run(
      ["add", "-", "--name", "core"], environment: places.environment, input: "return 5\n")
    #expect(output.status == 65)
    for line in output.standardError.split(separator: "\n") {
      #expect(line.hasPrefix("standard input:"), "\(output.standardError)")
    }
  }

  @Test func addRefusesABadRoutineAndWritesNothing() throws {
    let places = try Places()
    let file = try CadenceProcess.temporaryFile(
      "bad.lua", "return { steps = { { \"Set\", \"2 minutes\" }, { \"Rest\", \"1h30\" } } }\n")
    let output = try CadenceProcess.run(["add", file], environment: places.environment)
    #expect(output.status == 65)
    // Every reason, as check gives them, not only the first.
    #expect(output.standardError.contains("steps[1].duration: \"2 minutes\" is not a duration"))
    #expect(output.standardError.contains("steps[2].duration: \"1h30\" is not a duration"))
    #expect(output.standardError.contains("refused, and nothing was added"))
    for folder in [places.environmentFolder, places.library] {
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
  }

  @Test func showEscapesTerminalControlsOnlyOnATerminal() throws {
    let places = try Places()
    try "return { name = \"x\\27]52;c;aGk=\\7\", steps = { { \"A\", \"1m\" } } } -- \u{1B}[2J\n"
      .write(
        to: places.environmentFolder.appendingPathComponent("sneaky.lua"), atomically: true,
        encoding: .utf8)
    let piped = try CadenceProcess.run(["show", "sneaky"], environment: places.environment)
    #expect(piped.standardOutput.contains("\u{1B}[2J"))
    // On a terminal (script gives it one), the escape is shown, not sent.
    let shown = try Program.run(
      "/usr/bin/script", ["-qec", "\(CadenceProcess.binary.path) show sneaky", "/dev/null"],
      environment: Program.inherited(places.environment)
    ).standardOutput
    #expect(shown.contains("-- \\u{1B}[2J"), "\(shown)")
    #expect(!shown.contains("\u{1B}[2J"))
  }
}
