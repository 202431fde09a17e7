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

  /// Puts the question about idle time on return (its words), or takes it away (nil).
  public func ask(_ question: String?) {
    change { frames in
      frames.state.asking = question != nil
      if let question { frames.state.message = question }
    }
  }
}
