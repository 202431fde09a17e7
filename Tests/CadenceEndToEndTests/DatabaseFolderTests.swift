import CadenceTestSupport
import Foundation
import Testing

/// A folder given where the database file is meant (`--db ~/.local/share/cadence`) is named as
/// a folder, with the path of a file to give instead; before, SQLite's "unable to open
/// database file" was followed by advice to check that the folder exists.
@Suite struct DatabaseFolderTests {
  @Test(arguments: [
    ["history"], ["stats"], ["goal", "add", "Degree"], ["timer", "1s", "--plain"],
  ])
  func aFolderIsNamedAsOne(command: [String]) throws {
    let folder = TemporaryFolder("dbfolder").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let output = try CadenceProcess.run(
      command
        + ["--db", folder, "--mute", "--no-notify"].filter {
          command.first == "timer" || !["--mute", "--no-notify"].contains($0)
        },
      environment: ["XDG_RUNTIME_DIR": folder + "-runtime"])
    #expect(output.status == 66, "\(output.standardOutput)\(output.standardError)")
    #expect(
      output.standardError
        == "\(folder): is a folder, not a database file; give --db the path of a file, such as \(folder)/cadence.db\n"
    )
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }
}
