import Foundation

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
    var folder = (executable as NSString).deletingLastPathComponent
    if folder.hasSuffix(".xctest") || folder.hasSuffix("/MacOS") {
      folder = (folder as NSString).deletingLastPathComponent
    }
    let candidate = (folder as NSString).appendingPathComponent(name)
    return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
  }()
}
