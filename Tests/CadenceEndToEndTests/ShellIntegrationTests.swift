import CadenceTestSupport
import Foundation
import Testing

/// The completion scripts load in their shells without a word of complaint, and the manual page
/// renders without warnings: all three come from the command specifications.
@Suite struct ShellIntegrationTests {
  /// Runs `shell` with `arguments`; gives its status and what it wrote on standard error.
  static func shell(_ arguments: [String]) throws -> (status: Int32, error: String, out: String) {
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] =
      CadenceProcess.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
    environment["MANWIDTH"] = "80"
    let output = try Program.run("/usr/bin/env", arguments, environment: environment)
    return (output.status, output.standardError, output.standardOutput)
  }

  static func write(_ arguments: [String], to name: String) throws -> String {
    let output = try CadenceProcess.run(arguments)
    #expect(output.status == 0, "\(output.standardError)")
    return try CadenceProcess.temporaryFile(name, output.standardOutput)
  }

  @Test func bashLoadsItsScriptAndCompletesCommandsAndOptions() throws {
    let file = try Self.write(["completions", "bash"], to: "cadence.bash")
    let result = try Self.shell([
      "bash", "-c",
      """
      source \(file) || exit 1
      COMP_WORDS=(cadence pl); COMP_CWORD=1; _cadence_complete; echo "${COMPREPLY[@]}"
      COMP_WORDS=(cadence run --st); COMP_CWORD=2; _cadence_complete; echo "${COMPREPLY[@]}"
      COMP_WORDS=(cadence run --style a); COMP_CWORD=3; _cadence_complete; echo "${COMPREPLY[@]}"
      """,
    ])
    #expect(result.status == 0)
    #expect(result.error.isEmpty, "\(result.error)")
    #expect(result.out == "plan\n--style\nanalogue\n")
  }

  @Test func zshLoadsItsScript() throws {
    let file = try Self.write(["completions", "zsh"], to: "_cadence")
    let result = try Self.shell([
      "zsh", "-f", "-c",
      "autoload -U compinit && compinit -u -D && source \(file) && print -r -- ${_comps[cadence]}",
    ])
    #expect(result.status == 0)
    #expect(result.error.isEmpty, "\(result.error)")
    #expect(result.out == "_cadence\n")
  }

  @Test func fishLoadsItsScriptAndCompletesOptions() throws {
    let file = try Self.write(["completions", "fish"], to: "cadence.fish")
    let result = try Self.shell([
      "fish", "--no-config", "-c", "source \(file); and complete -C 'cadence run --vol'",
    ])
    #expect(result.status == 0)
    #expect(result.error.isEmpty, "\(result.error)")
    #expect(result.out.hasPrefix("--volume\t"))
  }

  @Test func manualRendersWithoutWarningsAndHasEveryCommand() throws {
    let file = try Self.write(["help", "--man"], to: "cadence.1")
    let result = try Self.shell(["man", "--warnings", "-l", file])
    #expect(result.status == 0)
    #expect(result.error.isEmpty, "\(result.error)")
    for command in ["check", "plan", "simulate", "run", "history", "completions"] {
      #expect(result.out.contains("   \(command)\n"), "no section for \(command)")
    }
    #expect(result.out.contains("--set NAME=VALUE"))
  }
}
