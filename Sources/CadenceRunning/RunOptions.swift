import CadenceDesktop
import CadenceRuntime
import CadenceSystem
import CadenceTerminal

/// How a run or a countdown is shown and heard (the full-screen view, lines or JSON; the bing,
/// notifications), and what is done with its session: read from the command line and the
/// settings (by the commands).
public struct RunOptions: Sendable {
  public enum Output: Sendable {
    case view
    case plain
    case json
  }

  public var output: Output
  public var style: RunScreen.Style
  public var volume: Int
  public var muted: Bool
  public var sound: String?
  public var notify: Bool
  /// The task the run is recorded against.
  public var task: String?
  /// The `session.command` setting's words: run with each finished session as JSON.
  public var sessionCommand: [String]? = nil
  /// The `dnd` setting: whose notifications a focus pauses.
  public var dnd: DoNotDisturb.Mode = .off
  /// Whether each finished session is tracked in Timewarrior (the `timewarrior` setting).
  public var timewarrior = false
  /// The `idle` settings: whether a focus pauses itself when its person is away; nil when off.
  public var idle: IdleSettings? = nil

  /// The bing's volume when neither the command line nor the settings say.
  public static let defaultVolume = SettingKey.defaultVolume

  public init(
    output: Output, style: RunScreen.Style, volume: Int, muted: Bool, sound: String?,
    notify: Bool, task: String?, sessionCommand: [String]? = nil, dnd: DoNotDisturb.Mode = .off,
    timewarrior: Bool = false, idle: IdleSettings? = nil
  ) {
    self.output = output
    self.style = style
    self.volume = volume
    self.muted = muted
    self.sound = sound
    self.notify = notify
    self.task = task
    self.sessionCommand = sessionCommand
    self.dnd = dnd
    self.timewarrior = timewarrior
    self.idle = idle
  }
}
