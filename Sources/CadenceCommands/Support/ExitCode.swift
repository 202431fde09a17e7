/// Exit codes, following sysexits.
public enum ExitCode: Int32, Sendable {
  case success = 0
  /// A check or comparison found what it reports (reserved).
  case failure = 1
  /// The command line was wrong.
  case usage = 64
  /// A routine (or other input data) was wrong.
  case dataError = 65
  /// A named file is missing or unreadable.
  case noInput = 66
  /// Cadence itself failed.
  case software = 70
}
