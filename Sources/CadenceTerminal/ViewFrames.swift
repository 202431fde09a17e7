import CadenceCore
import CadenceRuntime

/// What differs between the full-screen view of a routine's run (`RoutineFrames`) and of a
/// countdown's (`CountdownFrames`): what each keeps of the run's updates and notices, and how
/// it draws a frame and knows when the next is due. `ScreenView` does the rest for both: its
/// thread, the painter, the bell, resizes and the end.
public protocol ViewFrames: SendableMetatype {
  /// Whether a frame is drawn before the run's first update.
  var drawsBeforeUpdate: Bool { get }
  /// Keeps what `update` says; true when the next frame is drawn whole.
  mutating func take(_ update: RunUpdate) -> Bool
  /// Shows `text`, something the user should know; true when the next frame is drawn whole.
  mutating func notice(_ text: String) -> Bool
  /// Switches between the big digits and the analogue face.
  mutating func toggleStyle()
  /// The frame's lines at `moment`, milliseconds on the run's clock (0 before an update).
  mutating func render(
    _ update: RunUpdate?, at moment: Int64, columns: Int, rows: Int, colour: Bool
  ) -> [String]
  /// Milliseconds after `moment` when the frame changes by itself; nil when it does not.
  func nextChange(_ update: RunUpdate?, at moment: Int64) -> Int64?
  /// The run has ended as `engine` says; true to draw a last frame.
  mutating func end(_ engine: Engine) -> Bool
}

extension ViewFrames {
  /// Milliseconds until a countdown that has `remaining` milliseconds left shows its next
  /// second.
  public static func untilSecondTurns(_ remaining: Int64) -> Int64 {
    let left = max(0, remaining)
    return left % 1000 == 0 ? 1000 : left % 1000
  }
}
