import CadenceCore

/// A button on a notification, and what it does to the run.
public enum NotificationAction: String, Sendable, CaseIterable {
  /// Ends the break (or the routine's rest) now.
  case skipBreak = "skip-break"
  /// Five more minutes of the focus or step.
  case addFiveMinutes = "add-5m"
  /// After a break has ended: the next focus, started in the background.
  case startFocus = "start-focus"

  /// The action's name, as notify-send prints it when the action is chosen.
  public var name: String { rawValue }

  /// The button's label.
  public var label: String {
    switch self {
    case .skipBreak: "Skip break"
    case .addFiveMinutes: "+5 min"
    case .startFocus: "Start focus"
    }
  }

  /// What the run is asked through its control socket when the action is chosen during `run`;
  /// nil for `startFocus`, which starts another run rather than acting on this one. A focus
  /// session's break is stopped (a countdown cannot be skipped; a stopped break offers focus,
  /// as `s` does on the terminal); a routine's rest is skipped, as `cadence skip` does.
  public func command(during run: NotificationMoment.Run) -> EngineCommand? {
    switch self {
    case .skipBreak: run == .rest ? .stop : .skip
    case .addFiveMinutes: .adjust(5 * 60_000)
    case .startFocus: nil
    }
  }
}
