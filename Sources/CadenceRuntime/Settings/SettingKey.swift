import CadenceCore
import CadenceDesktop
import CadenceSystem
import CadenceText
import FoundationEssentials

/// The settings Cadence keeps, each with its check.
public enum SettingKey: String, CaseIterable, Sendable {
  case volume
  case sound
  case style
  case notify
  case focus
  case `break`
  case taskBreak = "task-break"
  case presets
  case island
  case pet
  case sessionCommand = "session.command"
  case dnd
  case timewarrior
  case idle
  case idleReturn = "idle.return"
  case idleCommand = "idle.command"

  /// The loudness of the bing when none is set.
  public static let defaultVolume = 70

  public var help: String {
    switch self {
    case .volume: return "loudness of the bing, 0 to 100 (default 70)"
    case .sound: return "bing, or the path of a WAV file to play instead"
    case .style: return "digital or analogue clock in the run view (default digital)"
    case .notify: return "on or off: desktop notifications (default on)"
    case .focus: return "the last focus length, such as 25m"
    case .break: return "the last break length, such as 5m"
    case .taskBreak: return "the mandatory break after a task's focus (default 5m)"
    case .presets: return "the timer's preset lengths (default 5m,10m,15m,25m,45m,60m)"
    case .island: return "the island beside the focus timer (default palm; see cadence shop)"
    case .pet: return "the pet on the island (default cat; see cadence shop)"
    case .sessionCommand:
      return "a command run after each session with it as JSON on standard input (no shell)"
    case .dnd: return DoNotDisturb.Mode.help
    case .timewarrior: return "on or off: track each finished session in Timewarrior (default off)"
    case .idle:
      return "off, or how long idle before a focus pauses itself, such as 5m (default off)"
    case .idleReturn: return "keep or discard: idle time on return without a view (default discard)"
    case .idleCommand:
      return "a command printing idle milliseconds, tried before xprintidle and logind"
    }
  }

  /// The value in force when none is set; nil where nothing is (`session.command`).
  public var defaultValue: String? {
    switch self {
    case .volume: return String(Self.defaultVolume)
    case .sound: return "bing"
    case .style: return "digital"
    case .notify: return "on"
    case .focus: return DurationText.format(FocusCycle.defaultFocus)
    case .break, .taskBreak: return DurationText.format(FocusCycle.defaultBreak)
    case .presets: return TimerPresets.text(TimerPresets.defaults)
    case .island: return Shop.defaultIsland
    case .pet: return Shop.defaultPet
    case .dnd: return DoNotDisturb.Mode.off.rawValue
    case .timewarrior: return "off"
    case .sessionCommand, .idleCommand: return nil
    case .idle: return "off"
    case .idleReturn: return IdleReturn.discard.rawValue
    }
  }

  /// The values completion offers for the setting; none where any text or number will do.
  public var choices: [String] {
    switch self {
    case .style: return ["digital", "analogue"]
    case .notify, .timewarrior: return ["on", "off"]
    case .idle: return ["off", "5m", "10m"]
    case .idleReturn: return ["keep", "discard"]
    case .sound: return ["bing"]
    case .dnd: return DoNotDisturb.Mode.allCases.map(\.rawValue)
    case .island, .pet: return Shop.items.filter { $0.kind.rawValue == rawValue }.map(\.name)
    default: return []
    }
  }

  /// Why a value is not acceptable: one sentence.
  public struct Refusal: Error {
    public var sentence: String
    /// Whether the value names a file that is not there or cannot be read (exit 66, as for any
    /// missing file) rather than being malformed (exit 64).
    public var isMissingFile = false
  }

  /// The value as stored, or the sentence saying why it is not acceptable.
  public func normalised(_ value: String) -> Result<String, Refusal> {
    switch self {
    case .volume:
      guard let number = Int(value), (0...100).contains(number) else {
        return .failure(
          Refusal(
            sentence: "volume takes a whole number from 0 to 100, not \(QuotedText.quote(value))"))
      }
      return .success(String(number))
    case .sound:
      if value == "bing" { return .success(value) }
      // Stored as the file the user meant: a relative path is taken from this folder, so the
      // setting holds wherever Cadence runs next.
      let path =
        value.hasPrefix("/")
        ? value : PathText.appending(value, to: FileManager.default.currentDirectoryPath)
      guard let failure = RegularFile.check(path) else { return .success(path) }
      switch failure {
      case .missing, .unreadable:
        return .failure(
          Refusal(
            sentence:
              "\(TerminalText.line(value)): no such sound file, or it cannot be read; set sound to a WAV file you can read, or to bing",
            isMissingFile: true))
      default:
        return .failure(
          Refusal(
            sentence:
              "\(TerminalText.line(value)): \(failure.clause); set sound to a WAV file, or to bing",
            isMissingFile: true))
      }
    case .style:
      let lowered = value.lowercased() == "analog" ? "analogue" : value.lowercased()
      guard ["digital", "analogue"].contains(lowered) else {
        return .failure(
          Refusal(sentence: "style takes digital or analogue, not \(QuotedText.quote(value))"))
      }
      return .success(lowered)
    case .notify, .timewarrior:
      switch value.lowercased() {
      case "on", "true", "yes": return .success("on")
      case "off", "false", "no": return .success("off")
      default:
        return .failure(
          Refusal(sentence: "\(rawValue) takes on or off, not \(QuotedText.quote(value))"))
      }
    case .presets:
      return TimerPresets.parse(value).map { TimerPresets.text($0) }.mapError {
        Refusal(sentence: $0.sentence)
      }
    case .idle:
      return IdleSettings.normalised(value).mapError { Refusal(sentence: $0.sentence) }
    case .idleReturn:
      return IdleSettings.normalisedReturn(value).mapError { Refusal(sentence: $0.sentence) }
    case .sessionCommand, .idleCommand:
      guard CommandWords.split(value).map({ !$0.isEmpty }) == true else {
        return .failure(
          Refusal(
            sentence:
              "\(rawValue) takes a command and its arguments, with every quote closed, not \(QuotedText.quote(value))"
          ))
      }
      return .success(value)
    case .dnd:
      guard let mode = DoNotDisturb.Mode(setting: value) else {
        let modes = DoNotDisturb.Mode.allCases.map(\.rawValue).joined(separator: ", ")
        return .failure(
          Refusal(sentence: "dnd takes one of \(modes), not \(QuotedText.quote(value))"))
      }
      return .success(mode.rawValue)
    case .island, .pet:
      let names = Shop.items.filter { $0.kind.rawValue == rawValue }.map(\.name)
      guard names.contains(value.lowercased()) else {
        return .failure(
          Refusal(
            sentence:
              "\(rawValue) takes one of \(names.joined(separator: ", ")), not \(QuotedText.quote(value))"
          ))
      }
      return .success(value.lowercased())
    case .focus, .break, .taskBreak:
      // The lengths `focus --length` takes, so that a stored one is always one it can run.
      do throws(RuleRefusal) {
        return .success(DurationText.format(try PlanningRules.length(value, option: rawValue)))
      } catch {
        return .failure(Refusal(sentence: error.sentence))
      }
    }
  }
}
