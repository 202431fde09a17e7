import CadenceTestSupport
import Foundation

/// Small shell scripts on PATH in place of a desktop's programs (makoctl, gsettings, a dunstctl
/// that hangs): each records its calls, one line each, in a shared file, and keeps its state
/// (mako's modes, GNOME's show-banners) in a file of its own, as the real one keeps it in the
/// daemon or in dconf.
struct StandInTools {
  let folder: String

  init() throws {
    folder =
      TemporaryFolder("standins").path
    try FileManager.default.createDirectory(
      atPath: folder + "/bin", withIntermediateDirectories: true)
  }

  /// Only the stand-ins and the system's own folders, and no session bus.
  var environment: [String: String] {
    [
      "PATH": "\(folder)/bin:/usr/bin:/bin", "CALLS": calls, "STATE": folder,
      "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(folder)/no-bus",
    ]
  }

  var calls: String { folder + "/calls" }

  /// Each call so far: the program's name and its arguments.
  var recorded: [String] {
    ((try? String(contentsOfFile: calls, encoding: .utf8)) ?? "").split(separator: "\n").map(
      String.init)
  }

  /// Installs `name`, which records its call and then runs `body`.
  func install(_ name: String, _ body: String) throws {
    let path = "\(folder)/bin/\(name)"
    try ExecutableScript.write(
      "#!/bin/sh\nprintf '%s\\n' \"\(name) $*\" >> \"$CALLS\"\n\(body)\n", to: path)
  }

  /// gsettings, holding show-banners (`banners` at first).
  func installGsettings(banners: Bool = true) throws {
    try "\(banners)\n".write(toFile: folder + "/banners", atomically: true, encoding: .utf8)
    try install(
      "gsettings",
      """
      [ "$2" = org.gnome.desktop.notifications ] && [ "$3" = show-banners ] || exit 1
      case "$1" in
        get) cat "$STATE/banners" ;;
        set) printf '%s\\n' "$4" > "$STATE/banners" ;;
        *) exit 1 ;;
      esac
      """)
  }

  var banners: String { state("banners") }

  /// makoctl, holding its modes (`modes` at first), as mako 1.7 lists, adds and removes them.
  func installMakoctl(modes: [String] = ["default"]) throws {
    try (modes.joined(separator: "\n") + "\n").write(
      toFile: folder + "/modes", atomically: true, encoding: .utf8)
    try install(
      "makoctl",
      """
      [ "$1" = mode ] || exit 1
      case "$2" in
        -a) printf '%s\\n' "$3" >> "$STATE/modes" ;;
        -r) grep -vx -- "$3" "$STATE/modes" > "$STATE/modes.new"; mv "$STATE/modes.new" "$STATE/modes" ;;
        "") ;;
        *) exit 1 ;;
      esac
      cat "$STATE/modes"
      """)
  }

  var modes: [String] { state("modes").split(separator: "\n").map(String.init) }

  private func state(_ name: String) -> String {
    ((try? String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8)) ?? "")
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  func remove() { try? FileManager.default.removeItem(atPath: folder) }
}
