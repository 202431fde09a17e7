/// What one hook call may use. The budget is re-armed for every call.
public struct HookLimits: Sendable, Equatable {
  public var instructions: Int
  public var seconds: Double
  /// How much longer than `seconds` Cadence waits for the worker's answer before it stops the
  /// worker: the worker's own clock stops the script itself a little earlier.
  public var grace: Double

  public init(instructions: Int = 1_000_000, seconds: Double = 0.04, grace: Double = 0.025) {
    self.instructions = instructions
    self.seconds = seconds
    self.grace = grace
  }
}
