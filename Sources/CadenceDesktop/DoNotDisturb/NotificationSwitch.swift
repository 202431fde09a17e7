import CadenceSystem

/// One desktop's way of holding its notifications back, through the desktop's own program:
/// asked first, so that a pause the user made is known and left alone.
protocol NotificationSwitch: Sendable {
  /// The desktop as the `dnd` setting and the record name it: dunst, mako or gnome.
  var desktop: DoNotDisturb.Desktop { get }
  /// Whether its notifications are held back now; nil when it cannot be asked (the daemon is
  /// not running, or its program failed or hung).
  func isPaused() -> Bool?
  /// Holds its notifications back; whether that worked.
  func pause() -> Bool
  /// Lets them through again; whether that worked.
  func unpause() -> Bool
}

/// A program's answer as one word, or nil: the output trimmed must be exactly `true` or `false`
/// (dunstctl prints an empty line and exits 0 when dunst is not there).
func booleanAnswer(_ run: ProgramRun) -> Bool? {
  guard run.succeeded else { return nil }
  switch trimmed(run.text) {
  case "true": return true
  case "false": return false
  default: return nil
  }
}

/// `text` without the white space around it.
func trimmed(_ text: String) -> String {
  String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
}
