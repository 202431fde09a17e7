/// What one hook call may use. The budget is re-armed for every call.
public struct HookLimits: Sendable, Equatable {
  public var instructions: Int
  public var seconds: Double

  public init(instructions: Int = 1_000_000, seconds: Double = 0.04) {
    self.instructions = instructions
    self.seconds = seconds
  }
}
