/// Where a view writes its frames, and whether it may colour them.
public struct TerminalOutput: @unchecked Sendable {
  public var write: (String) -> Void
  public var colour: Bool

  public init(write: @escaping (String) -> Void, colour: Bool) {
    self.write = write
    self.colour = colour
  }
}
