import CadenceCore
import CadenceSystem

/// What a command was asked to do that cannot be done: one sentence (lower case, no full stop)
/// saying what is wrong and what to do instead, and the exit status it deserves (64 for the
/// command line, 65 for a name the database does not hold, 69 for something busy elsewhere).
public struct CommandRefusal: Error, Equatable, Sendable {
  public var sentence: String
  public var status: ExitCode

  public init(sentence: String, status: ExitCode = .usage) {
    self.sentence = sentence
    self.status = status
  }

  /// A rule's refusal (``RuleRefusal``), with its status.
  public init(_ refusal: RuleRefusal, status: ExitCode = .usage) {
    self.init(sentence: refusal.sentence, status: status)
  }

  /// Prints the sentence as one line and returns the status. A refusal of the command line
  /// (status 64) is `Error:` and the sentence, followed by `Usage:` and `usage` when given;
  /// any other is the sentence alone, capitalised and ended.
  public func report(to console: Console, usage: String? = nil) -> ExitCode {
    guard status == .usage else {
      console.problem(Self.whole(sentence))
      return status
    }
    console.problem("Error: \(sentence)")
    if let usage { console.error("Usage: \(usage)\n") }
    return status
  }

  /// A sentence that stands alone: its first letter capitalised, ended with a full stop.
  public static func whole(_ sentence: String) -> String {
    let capitalised = sentence.prefix(1).uppercased() + sentence.dropFirst()
    return capitalised.hasSuffix(".") ? capitalised : capitalised + "."
  }
}
