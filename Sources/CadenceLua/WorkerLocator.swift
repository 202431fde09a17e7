import CadenceText
import FoundationEssentials

/// Finds the `cadence-lua-worker` program: `$CADENCE_LUA_WORKER` when set, else the one beside
/// the running executable (`cadence`, a test bundle or the fuzzer, which are all built into the
/// same folder).
enum WorkerLocator {
  static let name = "cadence-lua-worker"

  static let path: String? = {
    if let chosen = ProcessInfo.processInfo.environment["CADENCE_LUA_WORKER"], !chosen.isEmpty {
      return chosen
    }
    guard
      let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    else { return nil }
    var folder = PathText.parent(executable)
    if folder.hasSuffix(".xctest") || folder.hasSuffix("/MacOS") {
      folder = PathText.parent(folder)
    }
    let candidate = PathText.appending(name, to: folder)
    return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
  }()
}
