import Foundation

/// Finds a routine by path or by name: `gym` is looked for as `gym.lua` in the user's routine
/// folders and then among the examples that come with Cadence.
enum RoutineLocator {
  static func locate(_ given: String, environment: [String: String]) -> String {
    if FileManager.default.fileExists(atPath: given) || given.contains("/") { return given }
    let file = given.hasSuffix(".lua") ? given : given + ".lua"
    for directory in searchPath(environment: environment) {
      let candidate = (directory as NSString).appendingPathComponent(file)
      if FileManager.default.fileExists(atPath: candidate) { return candidate }
    }
    return given
  }

  /// `$CADENCE_ROUTINES` (colon-separated), `$XDG_CONFIG_HOME/cadence/routines`, then the
  /// `examples` folder beside the installed binary or up to three levels above it.
  static func searchPath(environment: [String: String]) -> [String] {
    var directories = (environment["CADENCE_ROUTINES"] ?? "").split(separator: ":").map(String.init)
    let config =
      environment["XDG_CONFIG_HOME"]
      ?? (environment["HOME"].map { "\($0)/.config" } ?? "")
    if !config.isEmpty { directories.append("\(config)/cadence/routines") }
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    for _ in 0..<4 {
      directories.append(directory.appendingPathComponent("examples").path)
      directories.append(directory.appendingPathComponent("share/cadence/examples").path)
      directory.deleteLastPathComponent()
    }
    return directories
  }
}
