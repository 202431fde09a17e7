import CadenceTestSupport
import Foundation
import Testing

/// The systemd user unit `scripts/install --resume-at-login` writes (through
/// `scripts/resume-unit`), checked by systemd's own `systemd-analyze verify` where it is
/// installed, and the command it runs at every login: `cadence resume --detach` with nothing
/// to resume exits 0 and says nothing, so that the unit never fails.
@Suite struct ResumeUnitTests {
  let home = TemporaryFolder("unit").url

  var unitPath: String { home.path + "/.config/systemd/user/cadence-resume.service" }

  func writeUnit(for cadence: String) throws -> (status: Int32, out: String, error: String) {
    try InstallTests.run(
      CadenceProcess.root.appendingPathComponent("scripts/resume-unit").path, [cadence],
      in: CadenceProcess.root,
      environment: ["HOME": home.path, "PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": ""])
  }

  /// A copy of the built cadence at `path` (a folder with a space and a %, say).
  func placeCadence(in folder: String) throws -> String {
    let directory = home.appendingPathComponent(folder)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let target = directory.appendingPathComponent("cadence")
    try FileManager.default.copyItem(at: CadenceProcess.binary, to: target)
    return target.path
  }

  @Test func theUnitRunsResumeDetachOnceAtLogin() throws {
    defer { try? FileManager.default.removeItem(at: home) }
    let cadence = try placeCadence(in: "my tools 100%")
    let written = try writeUnit(for: cadence)
    #expect(written.status == 0, "\(written.error)")
    #expect(written.out.contains("systemctl --user enable cadence-resume.service"))
    let unit = try String(contentsOfFile: unitPath, encoding: .utf8)
    let lines = unit.split(separator: "\n").filter { !$0.hasPrefix("#") }
    let escaped = cadence.replacingOccurrences(of: "%", with: "%%")
    #expect(
      lines == [
        "[Unit]",
        "Description=Cadence: bring back a run that was interrupted (cadence resume --detach)",
        "[Service]", "Type=oneshot", "ExecStart=\"\(escaped)\" resume --detach",
        "RemainAfterExit=yes", "KillMode=process", "[Install]", "WantedBy=default.target",
      ])
    // systemd's own reading of it, where systemd is installed.
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") {
      let verify = try InstallTests.run(
        "/usr/bin/systemd-analyze", ["verify", unitPath], in: home,
        environment: ["PATH": "/usr/bin:/bin", "HOME": home.path])
      #expect(verify.status == 0, "\(verify.error)")
      #expect(verify.error.isEmpty, "\(verify.error)")
    }
  }

  @Test(arguments: ["it's", "say \"hi\"", "back\\slash"])
  func aPathSystemdCannotRunIsRefused(_ folder: String) throws {
    defer { try? FileManager.default.removeItem(at: home) }
    let written = try writeUnit(for: home.path + "/" + folder + "/cadence")
    #expect(written.status == 64)
    #expect(written.error.contains("systemd cannot run a program whose path holds"))
    #expect(!FileManager.default.fileExists(atPath: unitPath))
  }

  @Test func resumeDetachWithNothingToResumeSucceedsQuietly() throws {
    let folder = TemporaryFolder("unit-db").url
    defer { try? FileManager.default.removeItem(at: folder) }
    let environment = ["CADENCE_DB": folder.path + "/cadence.db"]
    // No database at all (a new user), then one that exists with no run kept in it.
    for _ in 0..<2 {
      let resumed = try CadenceProcess.run(
        ["resume", "--detach", "--mute", "--no-notify"], environment: environment)
      #expect(resumed.status == 0, "\(resumed.standardError)")
      #expect(resumed.standardOutput.isEmpty && resumed.standardError.isEmpty)
      _ = try CadenceProcess.run(["config", "set", "volume", "50"], environment: environment)
    }
    // Asked by hand, without --detach, it is still a refusal to act (status 69).
    let asked = try CadenceProcess.run(["resume"], environment: environment)
    #expect(asked.status == 69)
  }
}
