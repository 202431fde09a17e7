import CadenceRuntime

/// A full-screen view of a run: a routine's (`RunView`) or a countdown's (`CountdownView`),
/// as a view attached from another terminal drives it.
public protocol FullScreenView: RunOutput, Sendable {
  /// Switches between the big digits and the analogue face.
  func toggleStyle()
  /// Redraws from scratch, after a resize; a burst of resizes draws once.
  func redraw()
}
