/// The routines built into `cadence`: the repository's examples, embedded by scripts/presets
/// (see `embedded`, generated from `examples/*.lua`; a test holds the two together).
public enum Presets {
  /// Every preset's name (its file name without `.lua`), in order.
  public static var names: [String] { embedded.map(\.name) }

  /// The text of the preset called `name`, or nil.
  public static func text(named name: String) -> String? {
    embedded.first { $0.name == name }?.text
  }
}
