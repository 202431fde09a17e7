import Foundation
import PackagePlugin

/// Embeds the example routines in the binary: at build time, `cadence-presets` turns every
/// `examples/*.lua` into a string in a generated Swift file of the target, so an installed
/// `cadence` has its presets without any file beside it. Adding or editing an example rebuilds.
@main struct PresetsPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let examples = context.package.directoryURL.appending(path: "examples")
    let files = try FileManager.default.contentsOfDirectory(
      at: examples, includingPropertiesForKeys: nil
    ).filter { $0.pathExtension == "lua" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedPresets.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(files.count) example routines as presets",
        executable: try context.tool(named: "cadence-presets").url,
        arguments: [output.path] + files.map(\.path),
        inputFiles: files + [examples],
        outputFiles: [output])
    ]
  }
}
