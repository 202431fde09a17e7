/// What a routine script may use: memory, instructions and wall-clock time.
public struct SandboxLimits: Sendable, Equatable {
  /// Bytes the whole Lua state may hold.
  public var memory: Int
  /// Virtual-machine instructions for loading the routine file.
  public var loadInstructions: Int
  /// Wall-clock allowance for loading, which also bounds C functions the count cannot see.
  public var loadSeconds: Double

  public init(
    memory: Int = 256 << 20, loadInstructions: Int = 50_000_000, loadSeconds: Double = 0.5
  ) {
    self.memory = memory
    self.loadInstructions = loadInstructions
    self.loadSeconds = loadSeconds
  }
}
