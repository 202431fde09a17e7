import CadenceSystem
import Synchronization

/// Do-not-disturb while a focus counts: the desktop's notifications paused at its start and
/// put back as they were at its end. A desktop the user had paused already is left paused and
/// nothing is recorded; otherwise what is to be undone is written to a private record before
/// pausing, so that `recover` can undo it after the process was killed or the machine
/// restarted. Each desktop is reached through its own program (dunstctl, makoctl, gsettings)
/// with a short time limit: a program that hangs costs at most that, never the timer.
public final class DoNotDisturb: Sendable {
  public let mode: Mode
  /// Where the record of a pause is kept.
  public let recordPath: String
  private let environment: [String: String]
  /// How long one call of the desktop's program may take before it is killed.
  private let timeout: Duration
  private let note: @Sendable (String) -> Void
  /// The desktop this one paused, until it is let through again.
  private let held = Mutex<(any NotificationSwitch)?>(nil)

  /// `note` is told, in one sentence, why nothing was paused or restored when that happens.
  public init(
    mode: Mode, environment: [String: String], recordPath: String,
    timeout: Duration = DoNotDisturb.timeout, note: @escaping @Sendable (String) -> Void
  ) {
    self.mode = mode
    self.environment = environment
    self.recordPath = recordPath
    self.timeout = timeout
    self.note = note
  }

  /// How long one call of dunstctl, makoctl, gsettings or dbus-send may take, unless told.
  public static let timeout: Duration = .seconds(2)

  /// The record kept for the database at `database`: beside it, as `cadence.db-dnd`.
  public static func recordPath(database: String) -> String { database + "-dnd" }

  /// Whether this one holds a desktop's notifications paused now.
  public var isHolding: Bool { held.withLock { $0 != nil } }

  /// Pauses the desktop's notifications, unless they are paused already or the mode is off.
  public func begin() {
    guard mode != .off, !isHolding, let (found, paused) = find() else { return }
    // The user's own pause is theirs: nothing to do now or to undo later.
    if paused { return }
    guard let owner = ProcessStamp.current else {
      note(
        "Notifications are left on: Cadence cannot read /proc to keep a record of the pause, so it could not undo it after a crash."
      )
      return
    }
    if case .failure(let error) = PauseRecord(desktop: found.desktop, owner: owner).write(
      to: recordPath)
    {
      note(
        "\(recordPath): \(error.description); notifications are left on, as Cadence could not keep a record of the pause to undo it after a crash."
      )
      return
    }
    if found.pause() {
      held.withLock { $0 = found }
    } else {
      _ = PrivateFiles.remove(recordPath)
      note(
        "\(found.desktop.program) did not pause \(found.desktop.title)'s notifications; they are left on."
      )
    }
  }

  /// Lets the notifications this one paused through again (nothing when it paused none).
  public func end() {
    guard
      let found = held.withLock({ held in
        let was = held
        held = nil
        return was
      })
    else { return }
    Self.undo(found, recordPath: recordPath, note: note, afterCrash: false)
  }

  /// Undoes a pause whose process ended without undoing it (killed, crashed, or the machine
  /// restarted), as recorded at `recordPath`, and removes the record. A record whose process
  /// is still running is left alone: that focus holds its pause.
  public static func recover(
    recordPath: String, environment: [String: String], timeout: Duration = DoNotDisturb.timeout,
    note: (String) -> Void
  ) {
    switch PauseRecord.read(recordPath) {
    case .nothing: return
    case .damaged(let reason):
      _ = PrivateFiles.remove(recordPath)
      note(
        "\(recordPath): \(reason); it was removed, and notifications paused by an earlier focus may still be paused."
      )
    case .record(let record):
      if record.owner.isRunning { return }
      // dunst's and mako's pauses live in the daemon, and went with the boot they were made in.
      let sameBoot = ProcessStamp.currentBoot == record.owner.boot
      guard sameBoot || record.desktop == .gnome,
        let found = Self.make(record.desktop, environment: environment, timeout: timeout)
      else {
        _ = PrivateFiles.remove(recordPath)
        return
      }
      undo(found, recordPath: recordPath, note: note, afterCrash: true)
    }
  }

  private static func undo(
    _ found: any NotificationSwitch, recordPath: String, note: (String) -> Void, afterCrash: Bool
  ) {
    let desktop = found.desktop
    guard found.unpause() else {
      // The record stays, so that the next start tries again.
      note(
        "\(desktop.program) did not let \(desktop.title)'s notifications through again; the next focus or cadence resume tries again, or run: \(desktop.undo)"
      )
      return
    }
    _ = PrivateFiles.remove(recordPath)
    if afterCrash {
      note(
        "\(desktop.title)'s notifications are on again: the focus that paused them ended without letting them through."
      )
    }
  }

  /// The switch for `desktop`; nil when its program is not installed.
  static func make(_ desktop: Desktop, environment: [String: String], timeout: Duration)
    -> (any NotificationSwitch)?
  {
    switch desktop {
    case .dunst: return DunstSwitch(environment: environment, timeout: timeout)
    case .mako: return MakoSwitch(environment: environment, timeout: timeout)
    case .gnome: return GnomeSwitch(environment: environment, timeout: timeout)
    }
  }

  /// The desktop to pause and whether it is paused already; nil (after a note) when there is
  /// none to pause.
  private func find() -> (any NotificationSwitch, Bool)? {
    if let desktop = mode.desktop {
      guard let found = Self.make(desktop, environment: environment, timeout: timeout) else {
        note(
          "dnd is \(desktop.rawValue), but \(desktop.program) is not installed (Debian package \(desktop.package)); notifications are left as they are."
        )
        return nil
      }
      guard let paused = found.isPaused() else {
        note(
          "dnd is \(desktop.rawValue), but \(desktop.title) did not answer \(desktop.program) (is it running?); notifications are left as they are."
        )
        return nil
      }
      return (found, paused)
    }
    // auto: GNOME's own setting in a GNOME session; otherwise whichever daemon answers.
    let candidates: [Desktop] =
      GnomeSwitch.isSession(environment) ? [.gnome, .dunst, .mako] : [.dunst, .mako]
    for desktop in candidates {
      if let found = Self.make(desktop, environment: environment, timeout: timeout),
        let paused = found.isPaused()
      {
        return (found, paused)
      }
    }
    note(
      "dnd is auto, but none of dunst, mako or a GNOME session is running; notifications are left as they are."
    )
    return nil
  }
}
