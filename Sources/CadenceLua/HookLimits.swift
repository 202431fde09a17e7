/// What one hook call may use. The budget is re-armed for every call.
public struct HookLimits: Sendable, Equatable {
  public var instructions: Int
  public var seconds: Double
  /// How much longer than `seconds` Cadence waits for the worker's answer before it stops the
  /// worker: the worker's own clock stops the script itself a little earlier.
  public var grace: Double
  /// The most time every call together may take, or nil for no such limit: `simulate` runs
  /// all of a routine's hooks at once, where thousands of calls each just inside `seconds`
  /// would otherwise hold it for minutes. A real run spreads its calls over its length.
  public var total: Double?

  public init(
    instructions: Int = 1_000_000, seconds: Double = 0.04, grace: Double = 0.025,
    total: Double? = nil
  ) {
    self.instructions = instructions
    self.seconds = seconds
    self.grace = grace
    self.total = total
  }

  /// What `simulate` allows: a real run's limits for each call, and 10 seconds for them all.
  public static let simulation = HookLimits(total: 10)
}
