import CadenceRuntime
import CadenceSystem
import CadenceTerminal

/// What a study timer and a focus session share: the countdowns they run one after another,
/// and the one picked up after its process died (`resume`), which goes first.
protocol CountdownSeries {
  var options: RunOptions { get }
  var context: CommandContext { get }
  var databasePath: String { get }
  var keys: KeyRoute { get }
  /// Whether this is the background process of a detached session.
  var background: Bool { get }
  /// How its countdowns look, in their own view and in one attached from elsewhere.
  var face: CountdownFace { get }
  /// A countdown picked up after its process died, counted before anything new.
  var resumed: ResumedCountdown? { get set }
}

extension CountdownSeries {
  /// The countdown resumed, if one waits: made as it first was, looking as this series looks,
  /// and taken, so that it is counted once.
  mutating func takeResumed(screen: CountdownScreen.State?) -> (ResumedCountdown, CountdownRun)? {
    guard let resumed else { return nil }
    self.resumed = nil
    var run = resumed.run(
      options: options, context: context, databasePath: databasePath, screen: screen,
      keys: keys, background: background)
    run.face = face
    return (resumed, run)
  }
}
