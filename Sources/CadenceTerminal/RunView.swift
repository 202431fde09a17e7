import CadenceCore
import CadenceRuntime
import CadenceTime
import FoundationEssentials

/// The full-screen view of a routine's run, as an output: draws the engine as it stands,
/// redrawing only when the shown second changes. It works the same for a run in this process
/// and for one it follows over the control socket.
public typealias RunView = ScreenView<RoutineFrames>

extension ScreenView where Frames == RoutineFrames {
  /// How many messages the view keeps, with their times.
  public static var keptMessages: Int { RoutineFrames.keptMessages }

  public convenience init(
    style: RunScreen.Style, console: TerminalOutput, startDate: Date, timeZone: Zone,
    detachable: Bool = false,
    bell: (@Sendable (Narration) -> Bool)? = nil,
    strip: @escaping @Sendable (Engine, Int, Bool) -> [String],
    loop: ViewLoop = ViewLoop()
  ) {
    self.init(
      frames: RoutineFrames(
        startDate: startDate, timeZone: timeZone, detachable: detachable, drawStrip: strip,
        style: style),
      console: console, bell: bell, loop: loop)
  }

  /// The notices the view showed and the last messages, to print once it has gone.
  public func closingWords() -> (notices: [String], messages: [String]) {
    read { frames in (frames.notices, frames.messages) }
  }

  /// `09:05:07` on the zone's clocks.
  public static func timeOfDay(_ date: Date, in timeZone: Zone) -> String {
    TimeFormat.clock(timeZone.local(date))
  }
}
