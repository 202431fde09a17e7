/// A validated routine: everything a schedule needs, with parameters already applied.
public struct Routine: Sendable, Equatable {
  public enum Body: Sendable, Equatable {
    case steps([Step])
    case frame(Frame)
  }

  public var name: String
  public var summary: String?
  public var parameters: [Parameter]
  public var body: Body
  /// Milestones as fractions of the routine's timed length, ascending, in (0, 1].
  public var milestones: [Double]
  public var hooks: Set<HookName>
  /// Words for grouping sessions in `stats`: `{ "legs", "hiit" }`.
  public var tags: [String]
  /// The voice of Cadence's own messages: the `theme` key, else the one its tags choose.
  public var theme: MessageTheme

  public init(
    name: String, summary: String? = nil, parameters: [Parameter] = [], body: Body,
    milestones: [Double] = [0.25, 0.5, 0.75, 1], hooks: Set<HookName> = [],
    tags: [String] = [], theme: MessageTheme? = nil
  ) {
    self.name = name
    self.summary = summary
    self.parameters = parameters
    self.body = body
    self.milestones = milestones
    self.hooks = hooks
    self.tags = tags
    self.theme = theme ?? MessageTheme(tags: tags)
  }
}

extension Routine {
  /// The largest routine file Cadence reads.
  public static let maximumFileSize = 64 << 20
}
