import CadenceCore
import CadenceDesktop
import CadenceRuntime
import CadenceStore

/// A focus's do-not-disturb, as one of its run's outputs: the desktop's notifications are
/// paused at the first update and put back at the finish, a stop or any other end. It comes
/// before the sound and notification channel, so the focus's own notification at its finish
/// is sent after the notifications are back on.
final class DoNotDisturbOutput: RunOutput {
  private let quiet: DoNotDisturb
  private var started = false

  /// The output for a countdown of `kind`; nil unless it is a focus and `dnd` is on.
  init?(
    _ mode: DoNotDisturb.Mode, kind: SessionRecord.Kind, databasePath: String,
    environment: [String: String], note: @escaping @Sendable (String) -> Void
  ) {
    guard mode != .off, kind == .focus else { return nil }
    quiet = DoNotDisturb(
      mode: mode, environment: environment,
      recordPath: DoNotDisturb.recordPath(database: databasePath)
    ) { ToolNotices.shared.once($0, to: note) }
  }

  func present(_ update: RunUpdate) {
    if update.engine.isOver || update.narrations.contains(where: { $0.event.kind == .finish }) {
      quiet.end()
    } else if !started {
      started = true
      quiet.begin()
    }
  }

  func notice(_ text: String) {}

  func finish(_ engine: Engine) { quiet.end() }

  /// Undoes a pause that a focus killed before its end left behind (see `DoNotDisturb.recover`):
  /// called as any timer, focus, break or run starts, and by `resume`.
  static func recover(
    databasePath: String, environment: [String: String], note: (String) -> Void
  ) {
    DoNotDisturb.recover(
      recordPath: DoNotDisturb.recordPath(database: databasePath), environment: environment,
      note: note)
  }
}
