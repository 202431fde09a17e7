import CadenceSystem
import FoundationEssentials

/// Plays the bing (or the user's WAV) with the first player available, never waiting for it;
/// with no player, rings the terminal bell instead.
public struct SoundPlayer: Sendable {
  public static let players: [(name: String, arguments: [String])] = [
    ("pw-play", []), ("paplay", []), ("aplay", ["-q"]),
  ]

  public let player: (path: String, arguments: [String])?
  public let file: URL?
  public let bell: (@Sendable () -> Void)?
  public let muted: Bool

  /// Finds a player and prepares the sound; `note` receives the notice when no player is
  /// found, once in the process. `viewRings` says that a view of the run, in another process,
  /// rings the terminal it is in when there is no player (a run kept in the background).
  public init(
    volume: Int, customSound: String?, muted: Bool, environment: [String: String],
    bell: (@Sendable () -> Void)?, viewRings: Bool = false, notices: ToolNotices = .shared,
    note: (String) -> Void
  ) {
    self.muted = muted || volume == 0
    self.bell = bell
    let found = Self.locate(environment: environment)
    player = found
    if self.muted {
      file = nil
      return
    }
    if found == nil {
      notices.once(
        bell != nil
          ? "No sound player found (pw-play, paplay or aplay); Cadence rings the terminal bell instead."
          : viewRings
            ? "No sound player found (pw-play, paplay or aplay); the run's view rings the terminal bell instead, and with no view open the run is silent."
            : "No sound player found (pw-play, paplay or aplay), and no terminal to ring; runs are silent.",
        to: note)
    }
    if let customSound {
      file = URL(fileURLWithPath: customSound)
    } else {
      // The cache folder ``Paths`` gives: `$XDG_CACHE_HOME/cadence`, else `~/.cache/cadence`.
      file = Paths(environment: environment).cache.flatMap {
        try? BingSound.file(volume: volume, in: URL(fileURLWithPath: $0))
      }
    }
  }

  /// The first sound player on the path, with the arguments it takes.
  public static func locate(environment: [String: String]) -> (path: String, arguments: [String])? {
    for candidate in players {
      if let path = ExternalCommand.locate(candidate.name, environment: environment) {
        return (path, candidate.arguments)
      }
    }
    return nil
  }

  public func play() {
    guard !muted else { return }
    if let player, let file,
      ExternalCommand.launch(player.path, player.arguments + [file.path])
    {
      return
    }
    bell?()
  }
}
