import CadenceCore

/// Somewhere a run shows itself: the full-screen view, event lines, JSON lines, sound and
/// notifications, a client on the control socket. A run has any number of them.
///
/// A run calls its outputs from one serial queue, in order, off the timing path; an output
/// that draws on a timer of its own keeps its own queue. Outputs that never wait come first,
/// and may be fed on the timing thread itself (see `RunDriver`).
public protocol RunOutput: AnyObject {
  /// Events that fired (with what Cadence says about them), and the engine as it now stands.
  func present(_ update: RunUpdate)
  /// Something the user should know that is not an event: a tool that is missing, a hook
  /// that failed, what a hook printed, a database that cannot be written.
  func notice(_ text: String)
  /// The run is over; `engine` is how it ended.
  func finish(_ engine: Engine)
  /// The run is over, and `unsaved`, when given, spells out its session, which could not be
  /// recorded. Unless an output says otherwise, it is ``finish(_:)``.
  func finish(_ engine: Engine, unsaved: String?)

  /// True for an output whose `present` never waits (on a terminal, a process, a peer): the
  /// run may then feed it on its timing thread, the moment an event fires.
  var neverWaits: Bool { get }
}

extension RunOutput {
  public var neverWaits: Bool { false }

  public func finish(_ engine: Engine, unsaved: String?) { finish(engine) }
}
