import CadenceSystem

/// The exit status for a database that could not be used.
public enum StoreFailure {
  public static func exitCode(_ error: StoreError) -> ExitCode {
    switch error {
    case .damaged, .newerVersion, .notEnoughCoins: return .dataError
    case .cannotOpen, .folder, .notAFile: return .noInput
    case .readOnly: return .cannotCreate
    case .full, .cannotWrite, .notWAL: return .ioError
    case .busy: return .temporaryFailure
    case .failed: return .software
    }
  }
}
