import CadenceTestSupport
import Foundation
import Testing

/// Every refusal of a command line, whether the parser or the command makes it, is one
/// sentence after `Error:`, then the command's usage line after `Usage:`, and exit 64.
@Suite struct UsageLineTests {
  @Test(arguments: [
    ["status", "--json", "--waybar"], ["status", "--tmux", "x", "--format", "y"],
    ["adjust", "soon"], ["goal", "frob"], ["goal", "add"],
    ["task", "add", "X", "--priority", "11"], ["today", "--by", "colour"], ["shop", "frob"],
    ["focus", "--length", "1s"], ["timer", "soon"], ["plan", "gym", "--set", "rounds"],
    ["run", "gym", "--set", "=3"], ["config", "frob"], ["history", "frob"],
    ["stats", "--days", "0"], ["plan", "gym", "--set", "rounds=lots"],
    ["simulate", "gym", "--set", "sets=4"], ["check", "gym", "--set", "sets=4"],
  ])
  func aBadCommandLineIsAnErrorThenTheUsageLine(arguments: [String]) throws {
    let database = TemporaryFolder("usage").path("cadence.db")
    let output = try CadenceProcess.run(arguments, environment: ["CADENCE_DB": database])
    #expect(output.status == 64)
    let lines = output.standardError.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3, "\(output.standardError)")
    #expect(lines.first?.hasPrefix("Error: ") == true, "\(output.standardError)")
    #expect(
      lines.dropFirst().first?.hasPrefix("Usage: cadence \(arguments[0])") == true,
      "\(output.standardError)")
    #expect(lines.last == "")
    #expect(output.standardOutput.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: database))
  }

  @Test func anUnknownCommandIsAnErrorThenTheProgramsUsageLine() throws {
    let output = try CadenceProcess.run(["frob"])
    #expect(output.status == 64)
    #expect(
      output.standardError
        == "Error: \"frob\" is not a cadence command; run cadence --help for the list\nUsage: cadence COMMAND [OPTIONS]\n"
    )
  }

  @Test func attachWithoutATerminalIsAnErrorThenItsUsageLine() throws {
    let folder = TemporaryFolder("usage").url
    let environment = [
      "CADENCE_DB": folder.appendingPathComponent("cadence.db").path,
      "XDG_RUNTIME_DIR": folder.appendingPathComponent("runtime").path,
    ]
    let started = try CadenceProcess.run(
      ["timer", "10m", "--detach", "--mute", "--no-notify"], environment: environment)
    #expect(started.status == 0, "\(started.standardError)")
    defer { _ = try? CadenceProcess.run(["stop"], environment: environment) }
    let output = try CadenceProcess.run(["attach"], environment: environment)
    #expect(output.status == 64)
    #expect(
      output.standardError
        == "Error: cadence attach needs a terminal; use cadence status from a script\nUsage: cadence attach [--style STYLE] [--run ID]\n"
    )
  }
}
