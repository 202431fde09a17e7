import CadenceRuntime
import CadenceSystem

extension SoundPlayer {
  /// Whether a view on this terminal should ring its bell for the run it shows: the sound is
  /// wanted, and no player here could play it (the process keeping the time has none either
  /// on the same machine, and has no terminal of its own).
  public static func viewRings(options: RunOptions, console: Console, environment: [String: String])
    -> Bool
  {
    console.isTerminal && !options.muted && options.volume > 0
      && locate(environment: environment) == nil
  }
}
