import CadenceArguments

extension UsageError {
  /// Prints `Error: …` and the usage line on standard error, and gives status 64.
  func report(to console: Console) -> ExitCode {
    console.error("Error: \(message)\nUsage: \(usage)\n")
    return .usage
  }
}
