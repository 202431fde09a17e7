import CadenceCore

/// The run an idle watch acts on: what it stands at, commands, and notices for whoever
/// watches it. The runtime's run driver is one.
public protocol IdleRun: AnyObject, Sendable {
  /// The engine as it stands and the run's time now, in microseconds; nil before it starts.
  func standing() -> (engine: Engine, microseconds: Int64)?
  /// Asks the run to act; returns at once.
  func send(_ command: EngineCommand)
  /// Tells every output of the run something that is not an event.
  func notice(_ text: String)
}
