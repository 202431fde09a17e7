import CadenceStore

/// The exit status for a database that could not be used.
enum StoreFailure {
  static func exitCode(_ error: StoreError) -> ExitCode {
    switch error {
    case .damaged, .newerVersion: return .dataError
    case .cannotOpen: return .noInput
    default: return .software
    }
  }
}
