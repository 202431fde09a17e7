import CadenceText

/// What an idle source said once: how long the person has been idle, or why it cannot say.
public enum IdleReading: Sendable, Equatable {
  case idle(Duration)
  /// A sentence saying what went wrong, to be told once.
  case failed(String)

  /// The most milliseconds of idleness taken as a reading: a year. More is not a clock.
  static let most: Int64 = 366 * 86_400_000

  /// The reading in the output of a program that prints idle milliseconds (xprintidle, the
  /// user's `idle.command`): one line that is a whole number and nothing else, white space
  /// around it allowed. Anything else is a failure naming `source` and what it printed.
  public static func milliseconds(_ output: [UInt8], source: String) -> IdleReading {
    var text = output[...]
    while let last = text.last, last == 0x0A || last == 0x0D || last == 0x20 || last == 0x09 {
      text.removeLast()
    }
    while let first = text.first, first == 0x20 || first == 0x09 { text.removeFirst() }
    guard !text.isEmpty, text.count <= 15, text.allSatisfy({ (0x30...0x39).contains($0) }),
      let value = Int64(String(decoding: text, as: UTF8.self)), value <= most
    else { return .failed(garbage(output, source: source)) }
    return .idle(.milliseconds(value))
  }

  /// The reading in `loginctl show-session ID -p IdleHint -p IdleSinceHintMonotonic`'s output:
  /// `IdleHint=no` is not idle; `IdleHint=yes` is idle since `IdleSinceHintMonotonic`
  /// (microseconds of CLOCK_MONOTONIC), against `now` on that clock.
  public static func logind(_ output: [UInt8], now: Int64) -> IdleReading {
    var hint: Bool?
    var since: Int64?
    for line in String(decoding: output, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: true)
    {
      let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2 else { continue }
      switch parts[0] {
      case "IdleHint":
        hint = parts[1] == "yes" ? true : parts[1] == "no" ? false : nil
      case "IdleSinceHintMonotonic":
        since = parts[1].allSatisfy(\.isASCII) ? Int64(parts[1]) : nil
      default:
        continue
      }
    }
    guard let hint, let since, since >= 0 else {
      return .failed(garbage(output, source: "loginctl"))
    }
    guard hint, since > 0 else { return .idle(.zero) }
    let idle = max(0, now - since) / 1000
    return .idle(.milliseconds(min(idle, most)))
  }

  /// The sentence for output that is not a reading.
  static func garbage(_ output: [UInt8], source: String) -> String {
    var shown = output.prefix(4096)
    while let last = shown.last, last == 0x0A || last == 0x0D { shown.removeLast() }
    let said =
      shown.allSatisfy({ $0 == 0x20 || $0 == 0x09 })
      ? "nothing" : QuotedText.quote(String(decoding: shown, as: UTF8.self))
    return
      "\(source) printed \(said), not a whole number of milliseconds idle, so this focus cannot tell when you are away; make it print one number, such as 12345"
  }
}
