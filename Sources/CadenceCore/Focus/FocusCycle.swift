/// The focus and break cycle of seed 002, as pure state: what is on offer, at what length,
/// and where each ending leads.
///
/// The lengths of the last focus and the last break are remembered (the caller keeps them in
/// settings), and the transitions are exactly the seed's:
///
/// | phase | ending    | then offers | at the length of |
/// |-------|-----------|-------------|------------------|
/// | focus | stopped   | focus       | the last focus   |
/// | focus | completed | break       | the last break   |
/// | break | skipped   | focus       | the last focus   |
/// | break | completed | focus       | the last focus   |
///
/// With a task (seed 003) a completed focus is followed by a mandatory break of `taskBreak`,
/// which cannot be skipped; when it ends (completed, or stopped) the session waits to be
/// finished (with a note).
/// The countdown itself is an `Engine` over `schedule()`, so it runs on any clock.
public struct FocusCycle: Sendable, Equatable {
  public enum Phase: String, Sendable, CaseIterable { case focus, `break` }
  public enum Ending: String, Sendable, CaseIterable { case stopped, completed, skipped }

  /// How a length moves before starting: one minute a step.
  public static let step: Int64 = 60_000
  public static let minimum: Int64 = 60_000
  public static let maximum: Int64 = 12 * 3_600_000
  public static let defaultFocus: Int64 = 25 * 60_000
  public static let defaultBreak: Int64 = 5 * 60_000

  /// What is offered next.
  public private(set) var offer: Phase
  /// The length the next session will run for (what the display shows before it starts).
  public private(set) var length: Int64
  public private(set) var lastFocus: Int64
  public private(set) var lastBreak: Int64
  /// The mandatory break after a task's focus.
  public let taskBreak: Int64
  /// The task being worked on, if any.
  public let task: String?
  /// Whether the break on offer is a task's mandatory one (it cannot be skipped).
  public private(set) var breakIsMandatory = false
  /// Whether a task's mandatory break has ended and the session waits to be finished.
  public private(set) var awaitingFinish = false

  public init(
    lastFocus: Int64 = defaultFocus, lastBreak: Int64 = defaultBreak,
    taskBreak: Int64 = defaultBreak, task: String? = nil, offer: Phase = .focus
  ) {
    self.lastFocus = Self.clamped(lastFocus)
    self.lastBreak = Self.clamped(lastBreak)
    self.taskBreak = Self.clamped(taskBreak)
    self.task = task
    self.offer = offer
    self.length = offer == .focus ? self.lastFocus : self.lastBreak
  }

  static func clamped(_ length: Int64) -> Int64 { min(maximum, max(minimum, length)) }

  /// Moves the length on offer by whole minutes (negative shortens), within 1 minute and 12
  /// hours; a mandatory break cannot be shortened. Returns whether it changed.
  @discardableResult
  public mutating func adjust(steps: Int) -> Bool {
    guard !awaitingFinish, !(offer == .break && breakIsMandatory) else { return false }
    let moved = Self.clamped(length + Int64(steps) * Self.step)
    defer { length = moved }
    return moved != length
  }

  /// Sets the length on offer outright (`--length`).
  public mutating func set(length: Int64) {
    guard !(offer == .break && breakIsMandatory) else { return }
    self.length = Self.clamped(length)
  }

  /// Starts what is on offer: its length becomes the remembered one for its phase. Returns
  /// the schedule to count down.
  public mutating func start() -> Schedule {
    switch offer {
    case .focus: lastFocus = length
    case .break where !breakIsMandatory: lastBreak = length
    case .break: break
    }
    return schedule()
  }

  /// One segment of the length on offer: work for a focus, a pause for a break.
  public func schedule() -> Schedule {
    let name = offer == .focus ? (task.map { "Focus: \($0)" } ?? "Focus") : "Break"
    return .countdown(name: name, kind: offer == .focus ? .work : .pause, length: length)
  }

  /// Puts back the countdown that was going when its process died: `phase` (a task's
  /// mandatory break when `mandatory`, which needs a task) at the `length` it started with,
  /// so that it ends as it would have.
  public mutating func resume(_ phase: Phase, mandatory: Bool, length: Int64) {
    offer = phase
    breakIsMandatory = phase == .break && mandatory && task != nil
    awaitingFinish = false
    self.length = length
  }

  /// Whether the break on offer may be skipped.
  public var canSkip: Bool { offer == .break && !breakIsMandatory }

  /// How the countdown of `engine` ended: completed at its finish, skipped when its segment
  /// was skipped, stopped otherwise.
  public static func ending(of engine: Engine) -> Ending {
    guard engine.state == .finished else { return .stopped }
    return engine.skippedSegments.isEmpty ? .completed : .skipped
  }

  /// The seconds a countdown shows with `remaining` milliseconds left: a part second shows
  /// as the whole second it is in, so the display reads 0:00 only at the end.
  public static func displaySeconds(_ remaining: Int64) -> Int64 {
    (max(0, remaining) + 999) / 1000
  }

  /// Coins for a session: one a whole minute of a completed focus, none otherwise.
  public static func coins(phase: Phase, ending: Ending, active: Int64) -> Int {
    phase == .focus && ending == .completed ? Int(max(0, active) / 60_000) : 0
  }

  /// Moves on after the session on offer ended with `ending`. A mandatory break cannot be
  /// skipped (returns false and changes nothing); stopped, it ends the task's session.
  @discardableResult
  public mutating func conclude(_ ending: Ending) -> Bool {
    switch (offer, ending) {
    case (.focus, .stopped), (.focus, .skipped):
      offerFocus()
    case (.focus, .completed):
      offer = .break
      breakIsMandatory = task != nil
      length = breakIsMandatory ? taskBreak : lastBreak
    case (.break, .skipped):
      guard !breakIsMandatory else { return false }
      offerFocus()
    case (.break, .stopped):
      // Stopping a task's mandatory break (`cadence stop`) ends the session: it waits to be
      // finished with its note, as when the break completes.
      awaitingFinish = breakIsMandatory
      offerFocus()
    case (.break, .completed):
      awaitingFinish = breakIsMandatory
      offerFocus()
    }
    return true
  }

  /// The task's session is finished (after its mandatory break): focus is offered again.
  public mutating func finish() {
    awaitingFinish = false
    offerFocus()
  }

  private mutating func offerFocus() {
    offer = .focus
    breakIsMandatory = false
    length = lastFocus
  }
}
