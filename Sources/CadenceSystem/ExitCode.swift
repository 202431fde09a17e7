/// Exit codes, following sysexits, and 128 + n for a run ended by signal n.
public struct ExitCode: Equatable, Sendable {
  public let rawValue: Int32

  public init(rawValue: Int32) { self.rawValue = rawValue }

  public static let success = ExitCode(rawValue: 0)
  /// The command line was wrong.
  public static let usage = ExitCode(rawValue: 64)
  /// A routine (or other input data) was wrong.
  public static let dataError = ExitCode(rawValue: 65)
  /// A named file is missing or unreadable.
  public static let noInput = ExitCode(rawValue: 66)
  /// An output file could not be written.
  public static let cannotCreate = ExitCode(rawValue: 73)
  /// Reading or writing a file failed part way (a full disk, a failing one).
  public static let ioError = ExitCode(rawValue: 74)
  /// A passing obstacle (a database locked by another program): trying again may work.
  public static let temporaryFailure = ExitCode(rawValue: 75)
  /// Cadence itself failed.
  public static let software = ExitCode(rawValue: 70)
  /// EX_UNAVAILABLE: there is nothing to act on (no run is going).
  public static let unavailable = ExitCode(rawValue: 69)

  /// The status of a process that ended because of `signal`.
  public static func signal(_ number: Int32) -> ExitCode { ExitCode(rawValue: 128 + number) }
}
