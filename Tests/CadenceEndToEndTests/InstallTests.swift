import CadenceTestSupport
import Foundation
import Testing

/// `scripts/install` into a fresh prefix, then `cadence` from there as a user has it: from a
/// folder with no repository around, with nothing from the build on its environment.
@Suite struct InstallTests {
  /// Runs `executable` with `arguments` in `directory`, with exactly `environment`.
  static func run(
    _ executable: String, _ arguments: [String], in directory: URL, environment: [String: String]
  ) throws -> (status: Int32, out: String, error: String) {
    let output = try Program.run(
      executable, arguments, environment: environment, directory: directory)
    return (output.status, output.standardOutput, output.standardError)
  }

  @Test(.timeLimit(.minutes(20))) func installsIntoAPrefixAndRunsFromThere() throws {
    let root = TemporaryFolder("install").url
    let prefix = root.appendingPathComponent("prefix")
    let elsewhere = root.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }

    // The release build is reused when it is up to date, and made when it is not. The unit
    // that resumes at login goes to the configuration folder given, not the tester's own.
    let config = root.appendingPathComponent("config")
    let install = try Self.run(
      CadenceProcess.root.appendingPathComponent("scripts/install").path,
      ["--resume-at-login", prefix.path], in: CadenceProcess.root,
      environment: ProcessInfo.processInfo.environment.merging(["XDG_CONFIG_HOME": config.path]) {
        $1
      })
    #expect(install.status == 0, "\(install.error)")
    let unit = try String(
      contentsOf: config.appendingPathComponent("systemd/user/cadence-resume.service"),
      encoding: .utf8)
    #expect(
      unit.contains(
        "\nExecStart=\"\(prefix.appendingPathComponent("bin/cadence").path)\" resume --detach\n"))
    for file in [
      "bin/cadence", "share/man/man1/cadence.1", "share/bash-completion/completions/cadence",
      "share/zsh/site-functions/_cadence", "share/fish/vendor_completions.d/cadence.fish",
    ] {
      #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path))
    }

    let cadence = prefix.appendingPathComponent("bin/cadence").path
    let user = ["HOME": root.path, "PATH": "/usr/bin:/bin"]
    let plan = try Self.run(cadence, ["plan", "gym", "--json"], in: elsewhere, environment: user)
    #expect(plan.status == 0, "\(plan.error)")
    #expect(plan.out.contains("\"name\":\"Gym circuit\""))
    let simulate = try Self.run(
      cadence, ["simulate", "seed-short"], in: elsewhere, environment: user)
    #expect(simulate.status == 0, "\(simulate.error)")
    let list = try Self.run(cadence, ["list", "--names"], in: elsewhere, environment: user)
    #expect(list.out.split(separator: "\n").contains("pomodoro"))
    let manual = try Self.run(
      "/usr/bin/man",
      ["--warnings", "-l", prefix.appendingPathComponent("share/man/man1/cadence.1").path],
      in: elsewhere, environment: user.merging(["MANWIDTH": "80"]) { $1 })
    #expect(manual.status == 0)
    #expect(manual.error.isEmpty, "\(manual.error)")
  }
}
