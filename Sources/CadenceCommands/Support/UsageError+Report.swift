import CadenceArguments
import CadenceSystem

extension UsageError {
  /// Prints `Error: …` and the usage line on standard error, and gives status 64.
  func report(to console: Console) -> ExitCode {
    console.problem("Error: \(message)")
    console.error("Usage: \(usage)\n")
    return .usage
  }
}
