import CadenceText

/// Why a piece of text or a number is not a usable duration. The text is a sentence fragment
/// that follows the path of the bad value, as in `steps[2].duration: "2 minutes" is not…`.
public enum DurationError: Error, Equatable, Sendable, CustomStringConvertible {
  case notADuration(String, suggestion: String?)
  case negative(String)
  case notFinite(String)
  case tooLong(String)
  /// Finer than a millisecond, with the nearest whole millisecond to write instead.
  case finerThanMillisecond(String, suggestion: String?)

  public var description: String {
    switch self {
    case .notADuration(let text, let suggestion?):
      return "\(QuotedText.quote(text)) is not a duration; try \(QuotedText.quote(suggestion))"
    case .notADuration(let text, nil):
      return
        "\(QuotedText.quote(text)) is not a duration; write it like 90, \"90s\", \"2m\", \"1h30m\" or \"1:30:00\""
    case .negative(let text):
      return "\(text) is negative; a duration must be positive"
    case .notFinite(let text):
      return "\(text) is not a finite number of seconds"
    case .finerThanMillisecond(let text, let suggestion):
      let hint = suggestion.map { "; write \(QuotedText.quote($0))" } ?? ""
      return
        "\(text) is finer than a millisecond, the smallest step Cadence times, so it is not rounded\(hint)"
    case .tooLong(let text):
      return "\(text) is longer than the limit of \(DurationText.format(DurationText.maximum))"
    }
  }
}
