import CadenceSystem

/// A desktop program Cadence asks something of (dunstctl, makoctl, gsettings, xprintidle,
/// notify-send, timew): found on PATH once, then run to its end with a short time limit, so
/// that a program that hangs never holds up a timer.
public struct DesktopTool: Sendable {
  /// Where the program is.
  public let executable: String
  /// The environment it runs with.
  public let environment: [String: String]
  /// How long one call may take before it is killed.
  public let timeout: Duration

  /// The program called `name` on the environment's PATH; nil when it is not installed.
  public init?(_ name: String, environment: [String: String], timeout: Duration = .seconds(2)) {
    guard let executable = Processes.locate(name, environment: environment) else { return nil }
    self.init(executable: executable, environment: environment, timeout: timeout)
  }

  public init(executable: String, environment: [String: String], timeout: Duration = .seconds(2)) {
    self.executable = executable
    self.environment = environment
    self.timeout = timeout
  }

  /// Runs it with `arguments` and waits for it (at most `timeout`).
  public func run(_ arguments: [String], input: [UInt8] = []) -> ProgramRun {
    ProgramRun.run(
      executable, arguments, environment: environment, input: input, timeout: timeout)
  }

  /// Its output with the surrounding white space trimmed, when it exited with status 0; nil
  /// otherwise.
  public func answer(_ arguments: [String]) -> String? {
    let finished = run(arguments)
    guard finished.succeeded else { return nil }
    return String(
      finished.text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
