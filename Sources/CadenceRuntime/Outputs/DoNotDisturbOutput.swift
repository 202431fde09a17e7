import CadenceCore
import CadenceDesktop
import CadenceStore

/// Do-not-disturb as one of a run's outputs: the desktop's notifications are paused while a
/// focus counts (a focus countdown from its first update, or a routine's step marked
/// `focus = true` from its start) and put back when it ends (the step's end, the finish, a stop
/// or any other end). It comes before the sound and notification channel, so a notification
/// sent as a focus ends (the finish's, or the next step's) goes out after they are back on.
public final class DoNotDisturbOutput: RunOutput {
  private let quiet: DoNotDisturb
  /// Whether the whole run is a focus (a focus countdown), or only its focus steps.
  private let wholeRun: Bool
  /// Whether a focus was counting at the last update.
  private var focusing = false

  /// The output for a run of `schedule`, `wholeRun` for a focus countdown; nil when `dnd` is
  /// off or nothing in it is a focus.
  public init?(
    _ mode: DoNotDisturb.Mode, schedule: Schedule, wholeRun: Bool, databasePath: String,
    environment: [String: String], note: @escaping @Sendable (String) -> Void
  ) {
    guard mode != .off, wholeRun || schedule.segments.contains(where: \.focus) else {
      return nil
    }
    self.wholeRun = wholeRun
    quiet = DoNotDisturb(
      mode: mode, environment: environment,
      recordPath: DoNotDisturb.recordPath(database: databasePath)
    ) { ToolNotices.shared.once($0, to: note) }
  }

  public func present(_ update: RunUpdate) {
    let engine = update.engine
    let over = engine.isOver || update.narrations.contains { $0.event.kind == .finish }
    let now = !over && (wholeRun || engine.currentSegment?.focus == true)
    guard now != focusing else { return }
    focusing = now
    if now { quiet.begin() } else { quiet.end() }
  }

  public func notice(_ text: String) {}

  public func finish(_ engine: Engine) {
    focusing = false
    quiet.end()
  }

  /// Undoes a pause that a focus killed before its end left behind (see `DoNotDisturb.recover`):
  /// called as any timer, focus, break or run starts, and by `resume`.
  public static func recover(
    databasePath: String, environment: [String: String], note: (String) -> Void
  ) {
    DoNotDisturb.recover(
      recordPath: DoNotDisturb.recordPath(database: databasePath), environment: environment,
      note: note)
  }
}
