import CadencePresets
import FoundationEssentials

extension TrustStore {
  /// Where a routine the library found is, as the list records it: its path from the root, or
  /// `built-in/NAME.lua` for a preset.
  public static func location(of entry: RoutineLibrary.Entry) -> String {
    entry.path.map(absolute) ?? entry.displayPath
  }

  /// Where a kept run's routine was, as the list records it, from the path it was kept under:
  /// a preset's `built-in/NAME.lua` (when no such file is here), or the path from the root
  /// (a relative one taken from the current folder).
  public static func location(ofKept path: String) -> String {
    if path.hasPrefix("built-in/"), path.hasSuffix(".lua"),
      Presets.text(named: String(path.dropFirst("built-in/".count).dropLast(4))) != nil,
      !FileManager.default.fileExists(atPath: path)
    {
      return path
    }
    return absolute(path)
  }
}
