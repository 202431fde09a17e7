import CadenceCommands
import CadenceSystem
import CadenceTime
import FoundationEssentials

/// Where the fuzz targets keep files and how they run a command: a private folder, a console
/// that collects what a command writes, and a fixed clock and time zone so that a finding
/// replays the same way.
final class FuzzWorkspace: @unchecked Sendable {
  static let shared = FuzzWorkspace()

  let folder: String
  let now = Date(timeIntervalSince1970: 1_800_000_000)
  let timeZone = Zone(named: "Europe/London", files: .system) ?? .utc

  private init() {
    let base =
      FileManager.default.fileExists(atPath: "/dev/shm")
      ? "/dev/shm" : FileManager.default.temporaryDirectory.path
    folder = "\(base)/cadence-fuzz-\(Processes.current)"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  /// Writes `bytes` to a file of the workspace and gives its path.
  func write(_ bytes: [UInt8], name: String) -> String {
    let path = "\(folder)/\(name)"
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return path
  }

  /// Runs a cadence command line and gives its status and what it wrote.
  func run(_ arguments: [String]) -> (status: Int32, out: String, error: String) {
    final class Sink: @unchecked Sendable {
      var out = ""
      var error = ""
    }
    let sink = Sink()
    let console = Console(
      writeOut: { sink.out += $0 }, writeError: { sink.error += $0 }, isTerminal: false,
      colour: false, width: 80)
    let context = CommandContext(
      console: console, now: now, timeZone: timeZone,
      environment: ["CADENCE_DB": "\(folder)/history.db", "HOME": folder, "NO_COLOR": "1"])
    let status = CadenceCLI.main(arguments, context: context)
    return (status.rawValue, sink.out, sink.error)
  }
}
