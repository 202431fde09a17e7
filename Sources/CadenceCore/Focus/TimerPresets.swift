import CadenceText
import FoundationEssentials

/// The timer's preset lengths (seed 001): 5, 10, 15, 25, 45 and 60 minutes unless the
/// `presets` setting says otherwise.
public enum TimerPresets {
  public static let defaults: [Int64] = [5, 10, 15, 25, 45, 60].map { $0 * 60_000 }

  /// Reads `5,10,25` (minutes) or `5m,90s,1h`: one to nine lengths from 1 minute to 12 hours.
  public static func parse(_ text: String) -> Result<[Int64], RuleRefusal> {
    var lengths: [Int64] = []
    for part in text.split(separator: ",") {
      let word = PlainText.trimmed(part)
      let raw = word.allSatisfy(\.isNumber) ? word + "m" : word
      guard let length = try? DurationText.parse(raw), length >= FocusCycle.minimum,
        length <= FocusCycle.maximum
      else {
        return .failure(
          RuleRefusal(
            sentence:
              "presets takes lengths from 1m to 12h separated by commas, such as 5,10,25 or 5m,90m, not \(QuotedText.quote(String(part)))"
          ))
      }
      if !lengths.contains(length) { lengths.append(length) }
    }
    guard (1...9).contains(lengths.count) else {
      return .failure(
        RuleRefusal(sentence: "presets takes one to nine lengths, such as 5,10,25"))
    }
    return .success(lengths)
  }

  /// `5m,10m,15m`
  public static func text(_ lengths: [Int64]) -> String {
    lengths.map { DurationText.format($0) }.joined(separator: ",")
  }

  /// The presets from the settings, or the defaults.
  public static func current(_ settings: [String: String]) -> [Int64] {
    guard let text = settings["presets"], case .success(let lengths) = parse(text) else {
      return defaults
    }
    return lengths
  }

  /// The longest timer that can be given: 24 hours.
  public static let longest: Int64 = 24 * 3_600_000

  /// A timer's own length, as given on the command line or typed in the chooser: a length
  /// from 1 second to 24 hours (`40m`, `1h10m`); nil for anything else.
  public static func ownLength(_ text: String) -> Int64? {
    guard let value = try? DurationText.parse(text), value >= 1000, value <= longest else {
      return nil
    }
    return value
  }
}
