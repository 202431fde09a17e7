import CadenceRuntime
import CadenceText

/// The settings as `cadence config` prints them; a value set is the database's, escaped for
/// the terminal.
public enum SettingsText {
  /// `config list`: each setting's value in force, the one set or the default (marked so).
  public static func listing(_ stored: [(key: String, value: String)]) -> String {
    let stored = Dictionary(stored.map { ($0.key, $0.value) }) { $1 }
    return SettingKey.allCases.map { key in
      let value =
        stored[key.rawValue].map(TerminalText.line)
        ?? key.defaultValue.map { "\($0) (default)" } ?? "(none)"
      return "\(key.rawValue) = \(value)\n"
    }.joined()
  }

  /// `config get`: the value, or `(none)`.
  public static func value(_ value: String?) -> String {
    "\(value.map(TerminalText.line) ?? "(none)")\n"
  }

  /// `config set`: `volume = 40`.
  public static func set(_ key: SettingKey, _ value: String) -> String {
    "\(key.rawValue) = \(TerminalText.line(value))\n"
  }
}
