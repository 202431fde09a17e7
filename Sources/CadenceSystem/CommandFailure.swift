/// Why a command could not do what it was asked: one sentence saying where and what is wrong
/// and what to do, and the status the command exits with.
public struct CommandFailure: Error, Equatable, Sendable {
  public var sentence: String
  public var exitCode: ExitCode

  public init(_ sentence: String, exitCode: ExitCode) {
    self.sentence = sentence
    self.exitCode = exitCode
  }

  /// Says the sentence on standard error and gives the status.
  public func report(to console: Console) -> ExitCode {
    console.problem(sentence)
    return exitCode
  }
}
