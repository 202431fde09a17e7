import CadenceTime
import FoundationEssentials

/// What every command receives: where to write, and the instant and time zone it runs in.
public struct CommandContext {
  public var console: Console
  public var now: Date
  public var timeZone: Zone
  public var environment: [String: String]
  /// The wall clock, for a command that reads the time again after `now` (a watcher, a run).
  public var clock: WallClock = .system
  /// The command line as given (without the program's name), for a command that starts
  /// Cadence again in the background.
  public var arguments: [String] = []

  public init(console: Console, now: Date, timeZone: Zone, environment: [String: String]) {
    self.console = console
    self.now = now
    self.timeZone = timeZone
    self.environment = environment
  }
}
