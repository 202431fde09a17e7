import CadenceCore
import CadenceRuntime

/// The full-screen view of a timer or a focus session while it counts, as a run output:
/// redraws when the shown second changes, writing only changed cells. Stopped, it shows 0:00
/// (seed 001).
public typealias CountdownView = ScreenView<CountdownFrames>

extension ScreenView where Frames == CountdownFrames {
  public convenience init(
    state: CountdownScreen.State, console: TerminalOutput,
    bell: (@Sendable (Narration) -> Bool)? = nil, loop: ViewLoop = ViewLoop()
  ) {
    self.init(frames: CountdownFrames(state: state), console: console, bell: bell, loop: loop)
  }

  /// Puts the question about idle time on return (its words), or takes it away (nil); then
  /// calls `drawn`, if given, with the time the frame showing it was written. Returns whether
  /// the view is open to show it (not once its terminal has gone).
  @discardableResult
  public func ask(
    _ question: String?, drawn: (@Sendable (ViewLoop.Instant) -> Void)? = nil
  ) -> Bool {
    change(
      { frames in
        frames.state.asking = question != nil
        if let question { frames.state.message = question }
      }, drawn: drawn)
    return isOpen
  }
}
