import CadenceSystem
import CadenceText

/// Finds the `cadence-lua-worker` program: `$CADENCE_LUA_WORKER` when set, else the one beside
/// the running executable (`cadence`, a test bundle or the fuzzer, which are all built into the
/// same folder).
enum WorkerLocator {
  static let name = "cadence-lua-worker"

  static let path: String? = {
    if let chosen = ProcessEnvironment.value("CADENCE_LUA_WORKER"), !chosen.isEmpty {
      return chosen
    }
    guard let executable = PrivateFiles.linkTarget("/proc/self/exe") else { return nil }
    var folder = PathText.parent(executable)
    if folder.hasSuffix(".xctest") || folder.hasSuffix("/MacOS") {
      folder = PathText.parent(folder)
    }
    let candidate = PathText.appending(name, to: folder)
    return Processes.isExecutable(candidate) ? candidate : nil
  }()
}
