import FoundationEssentials

/// Plays the bing (or the user's WAV) with the first player available, never waiting for it;
/// with no player, rings the terminal bell instead.
struct SoundPlayer: Sendable {
  static let players: [(name: String, arguments: [String])] = [
    ("pw-play", []), ("paplay", []), ("aplay", ["-q"]),
  ]

  let player: (path: String, arguments: [String])?
  let file: URL?
  let bell: (@Sendable () -> Void)?
  let muted: Bool

  /// Finds a player and prepares the sound; `note` receives the notice when no player is
  /// found, once in the process.
  init(
    volume: Int, customSound: String?, muted: Bool, environment: [String: String],
    bell: (@Sendable () -> Void)?, notices: ToolNotices = .shared, note: (String) -> Void
  ) {
    self.muted = muted || volume == 0
    self.bell = bell
    var found: (path: String, arguments: [String])?
    for candidate in Self.players {
      if let path = ExternalCommand.locate(candidate.name, environment: environment) {
        found = (path, candidate.arguments)
        break
      }
    }
    player = found
    if self.muted {
      file = nil
      return
    }
    if found == nil {
      notices.once(
        bell == nil
          ? "No sound player found (pw-play, paplay or aplay), and no terminal to ring; runs are silent."
          : "No sound player found (pw-play, paplay or aplay); Cadence rings the terminal bell instead.",
        to: note)
    }
    if let customSound {
      file = URL(fileURLWithPath: customSound)
    } else {
      let cache =
        environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
        ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
      file = try? BingSound.file(volume: volume, in: cache.appendingPathComponent("cadence"))
    }
  }

  func play() {
    guard !muted else { return }
    if let player, let file,
      ExternalCommand.launch(player.path, player.arguments + [file.path])
    {
      return
    }
    bell?()
  }
}
