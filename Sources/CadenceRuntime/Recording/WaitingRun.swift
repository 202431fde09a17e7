import CadenceStore
import CadenceSystem
import CadenceText
import FoundationEssentials

/// A run whose process died (killed, or the machine restarted) and that waits to be resumed:
/// `cadence resume` brings it back, or records it if its time is over. `status` lists it
/// beside the runs going, marked as waiting, so that nobody is told no run is going.
public struct WaitingRun: Sendable, Equatable {
  /// The process that ran it, which died; also its id, as a run's id is its process's.
  public var pid: Int32
  /// "Focus", "Break" or "Timer" for a countdown, else the routine file's name.
  public var name: String
  /// The routine's path, or `cadence:KIND` for a timer, focus or break.
  public var path: String
  /// Its start and its last sign of life, in milliseconds since 1970.
  public var startedAt: Int64
  public var lastSeen: Int64
  /// Whether it is a task's mandatory break.
  public var mandatory: Bool
  public var task: String?

  /// The command that brings it back.
  public static let resume = "cadence resume"

  public var id: String { String(pid) }

  /// Whether it is a focus or a break of the focus cycle, and whether a break.
  public var isFocusSession: Bool { path == "cadence:focus" || isBreak }
  public var isBreak: Bool { path == "cadence:break" }

  public init(_ run: ActiveRun) {
    pid = run.pid
    path = run.routinePath
    // A timer, focus or break is kept as `cadence:KIND`, and named as status names it.
    let kind = run.routinePath.dropFirst(8)
    name =
      run.routinePath.hasPrefix("cadence:")
      ? kind.prefix(1).uppercased() + kind.dropFirst()
      : PathText.lastComponent(run.routinePath)
    startedAt = run.startedAt
    lastSeen = run.heartbeatAt
    mandatory = run.details.mandatoryBreak
    task = run.details.task
  }

  /// The runs waiting to be resumed in the database at `path`, oldest first (`cadence resume`
  /// takes the latest): none when there is no database.
  public static func list(databasePath path: String) throws(StoreError) -> [WaitingRun] {
    try RunRecovery.interrupted(in: try Store.existing(path: path)).map(WaitingRun.init)
  }
}
