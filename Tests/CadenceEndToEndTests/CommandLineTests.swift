import Foundation
import Testing

/// The command line as a user meets it: exit codes, messages, help, and output that suits
/// where it goes.
@Suite struct CommandLineTests {
  @Test func everyExamplePassesCheck() throws {
    let examples = try FileManager.default.contentsOfDirectory(
      atPath: CadenceProcess.root.appendingPathComponent("examples").path
    ).filter { $0.hasSuffix(".lua") }.sorted()
    #expect(examples.count >= 5)
    let output = try CadenceProcess.run(["check"] + examples.map { "examples/\($0)" })
    #expect(output.status == 0, "\(output.standardError)")
    #expect(output.standardOutput.split(separator: "\n").count == examples.count)
    #expect(
      output.standardOutput.split(separator: "\n").allSatisfy { $0.hasPrefix("ok  examples/") })
  }

  @Test func checkReportsEveryBadFileAndExitsWithTheFirstCode() throws {
    let bad = try CadenceProcess.temporaryFile(
      "bad.lua", "return { steps = { { \"Set\", \"2 minutes\" } } }\n")
    let output = try CadenceProcess.run(["check", bad, "/nonexistent/x.lua", "examples/gym.lua"])
    #expect(output.status == 65)
    #expect(
      output.standardError.contains(
        "\(bad): steps[1].duration: \"2 minutes\" is not a duration; try \"2m\"\n"))
    #expect(
      output.standardError.contains(
        "/nonexistent/x.lua: no such file; check the path, or run cadence check on the routine you meant\n"
      ))
    #expect(output.standardOutput.contains("ok  examples/gym.lua"))
  }

  @Test func missingFileExits66() throws {
    let output = try CadenceProcess.run(["plan", "nope.lua"])
    #expect(output.status == 66)
    #expect(output.standardError.hasPrefix("nope.lua: no such file"))
    #expect(output.standardOutput.isEmpty)
  }

  @Test func luaErrorsCarryFileAndLine() throws {
    let path = try CadenceProcess.temporaryFile("oops.lua", "local t = {}\nreturn t.x.y\n")
    let output = try CadenceProcess.run(["check", path])
    #expect(output.status == 65)
    #expect(output.standardError == "\(path):2: attempt to index a nil value (field 'x')\n")
  }

  @Test func hostileRoutineEndsWithAClearError() throws {
    let path = try CadenceProcess.temporaryFile("spin.lua", "while true do end\n")
    let output = try CadenceProcess.run(["plan", path])
    #expect(output.status == 65)
    // Under heavy load the wall-clock allowance can trip before the instruction budget.
    #expect(
      output.standardError.contains("ran past its budget of 50000000 instructions")
        || output.standardError.contains("ran past its time allowance of 500 ms"))
  }

  @Test(arguments: [
    (["plan"], "Error: cadence plan needs FILE|NAME\n"),
    (
      ["plan", "examples/gym.lua", "--jsn"],
      "Error: unknown option --jsn for cadence plan; did you mean --json?\n"
    ),
    (["plna"], "Error: \"plna\" is not a cadence command; run cadence --help for the list\n"),
    (["pla"], "Error: \"pla\" is not a cadence command; did you mean \"cadence plan\"?\n"),
    (
      ["plan", "examples/gym.lua", "--set", "rounds"],
      "Error: --set takes NAME=VALUE, such as rounds=5, not \"rounds\"\n"
    ),
    (
      ["plan", "examples/gym.lua", "--set", "rounds=lots"],
      "Error: examples/gym.lua: --set rounds=lots: rounds takes a whole number, like its default 3\n"
    ),
    (
      ["plan", "examples/gym.lua", "--set", "sets=4"],
      "Error: examples/gym.lua: --set sets=4: the routine has no parameter \"sets\"; its parameters are rest, rounds and work\n"
    ),
  ])
  func badCommandLinesExit64(arguments: [String], firstLine: String) throws {
    let output = try CadenceProcess.run(arguments)
    #expect(output.status == 64)
    #expect(output.standardError.hasPrefix(firstLine))
    // Then the command's usage line, as every bad command line has (a --set the routine
    // refused once had neither `Error:` nor this).
    let lines = output.standardError.split(separator: "\n")
    #expect(lines.count == 2, "\(output.standardError)")
    #expect(lines.last?.hasPrefix("Usage: cadence ") == true, "\(output.standardError)")
    #expect(output.standardOutput.isEmpty)
  }

  @Test func noArgumentsPrintsTheOverviewAndExits64() throws {
    let output = try CadenceProcess.run([])
    #expect(output.status == 64)
    #expect(output.standardError.contains("Commands:"))
  }

  @Test(arguments: ["check", "plan"])
  func everyCommandHasHelpWithAnExample(command: String) throws {
    let output = try CadenceProcess.run([command, "--help"])
    #expect(output.status == 0)
    #expect(output.standardOutput.contains("Usage: cadence \(command)"))
    #expect(output.standardOutput.contains("Example"))
    #expect(output.standardOutput.contains("  cadence \(command) "))
  }

  @Test func planPrintsATableAndATimelineWithoutColourWhenPiped() throws {
    let output = try CadenceProcess.run(
      ["plan", "examples/seed-short.lua"], environment: ["COLUMNS": "60"])
    #expect(output.status == 0)
    let text = output.standardOutput
    #expect(text.hasPrefix("Seed example: short: 6 segments, 6m30s in all, finishes at "))
    #expect(text.contains("  1  0:00   2m      work   Interval  1/3\n"))
    #expect(text.contains("  2  2:00   10s     pause  Pause     1/3\n"))
    #expect(text.contains("  1:37.5  milestone  25%\n"))
    #expect(!text.contains("\u{1B}["))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let legend = try #require(lines.firstIndex { $0.hasPrefix("  Timeline: ") })
    let bar = lines[legend + 1]
    #expect(bar.count == 58)
    #expect(bar.filter { $0 == "░" }.count >= 3)
    #expect(bar.allSatisfy { $0 == " " || $0 == "█" || $0 == "░" })
    #expect(lines[legend + 2].filter { $0 == "▲" }.count == 3)
    #expect(lines[legend + 3].filter { $0 == "┴" }.count == 4)
    #expect(lines[legend + 4].contains("25%") && lines[legend + 4].contains("100%"))
  }

  @Test func frameWithAFinishTimeEndsAtThatTime() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let finish = calendar.dateComponents([.hour, .minute], from: Date().addingTimeInterval(7200))
    let clock = String(format: "%02d:%02d", finish.hour ?? 0, finish.minute ?? 0)
    let path = try CadenceProcess.temporaryFile(
      "evening.lua", "return { frame = { finish = \"\(clock)\", intervals = 3, pause = \"5m\" } }\n"
    )
    let output = try CadenceProcess.run(["plan", path], environment: ["TZ": "UTC"])
    #expect(output.status == 0, "\(output.standardError)")
    #expect(output.standardOutput.contains("finishes at \(clock):00 if started now"))
  }

  @Test func versionPrints() throws {
    let output = try CadenceProcess.run(["--version"])
    #expect(output.status == 0)
    #expect(output.standardOutput.hasPrefix("cadence "))
  }

  @Test func printFromARoutineGoesToStandardError() throws {
    let path = try CadenceProcess.temporaryFile(
      "talk.lua", "print('loading', 1)\nreturn { steps = { { 'a', '1m' } } }\n")
    let output = try CadenceProcess.run(["plan", path, "--json"])
    #expect(output.status == 0)
    #expect(output.standardError == "\(path): print: loading\t1\n")
    #expect(output.standardOutput.hasPrefix("{\"name\":\"talk\""))
  }
}
