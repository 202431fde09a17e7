/// A value a rule of the domain refuses: one sentence (lower case, no full stop) saying what is
/// wrong and what to write instead. The command layer adds the exit status and prints it.
public struct RuleRefusal: Error, Equatable, Sendable {
  public var sentence: String

  public init(sentence: String) { self.sentence = sentence }
}
