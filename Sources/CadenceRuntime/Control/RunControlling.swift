import CadenceCore
import FoundationEssentials

/// What the control socket needs of a run: to act on it, and to see it as it stands.
public protocol RunControlling: AnyObject, Sendable {
  var identity: RunIdentity { get }
  var startWall: Date { get }
  func send(_ command: EngineCommand)
  /// The engine now, and the run's clock in microseconds; nil before the run has started.
  func standing() -> (engine: Engine, microseconds: Int64)?
}
