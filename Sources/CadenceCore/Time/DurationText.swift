import CadenceText

/// Reading and writing durations: whole milliseconds, from `90`, `"90s"`, `"2m"`, `"1h30m"`,
/// `"2m10s"`, `"500ms"`, `"1.5h"`, `"1:30"` (minutes and seconds) or `"1:30:00"`.
public enum DurationText {
  /// The longest duration Cadence accepts anywhere: 366 days.
  public static let maximum: Int64 = 366 * 86_400_000

  static let units: [(symbol: String, milliseconds: Int64)] = [
    ("d", 86_400_000), ("h", 3_600_000), ("m", 60_000), ("s", 1_000), ("ms", 1),
  ]

  /// Parses a duration written as text; the result may be zero, never negative. A length
  /// finer than a millisecond (`"1.5ms"`) is refused, never rounded.
  public static func parse(_ raw: String) throws(DurationError) -> Int64 {
    let text =
      raw.utf8.first.map { $0 > 0x20 && $0 < 0x80 } == true
        && raw.utf8.last.map { $0 > 0x20 } == true
      ? raw : raw.trimmingWhitespace()
    if text.utf8.first == UInt8(ascii: "-") { throw .negative(QuotedText.quote(raw)) }
    do {
      if let value = try parseStrict(text, original: raw, rounding: false) { return value }
    } catch .finerThanMillisecond {
      let rounded = (try? parseStrict(text, original: raw, rounding: true)) ?? nil
      throw .finerThanMillisecond(
        QuotedText.quote(raw), suggestion: rounded.map { format(max(1, $0)) })
    }
    throw .notADuration(raw, suggestion: suggestion(for: text))
  }

  /// Converts a number of seconds (as a routine writes `90`) into milliseconds.
  public static func fromSeconds(_ seconds: Double) throws(DurationError) -> Int64 {
    let shown = ScriptValue.format(seconds)
    guard seconds.isFinite else { throw .notFinite(shown) }
    guard seconds >= 0 else { throw .negative(shown) }
    let milliseconds = (seconds * 1000).rounded()
    guard milliseconds <= Double(maximum) else { throw .tooLong(shown) }
    // Binary fractions are not exact: 1.001 s is 1000.9999999999999 ms, and is whole.
    guard abs(seconds * 1000 - milliseconds) <= max(1e-6, milliseconds * 1e-12) else {
      throw .finerThanMillisecond(shown, suggestion: format(max(1, Int64(milliseconds))))
    }
    return Int64(milliseconds)
  }

  /// A compact form that `parse` reads back: `"1h2m3.25s"`, `"500ms"`, `"0s"`.
  public static func format(_ milliseconds: Int64) -> String {
    if milliseconds == 0 { return "0s" }
    if milliseconds < 1000 { return "\(milliseconds)ms" }
    var rest = milliseconds
    var text = ""
    for (symbol, size) in units where size >= 60_000 {
      if rest >= size {
        text += "\(rest / size)\(symbol)"
        rest %= size
      }
    }
    if rest > 0 {
      let seconds = rest / 1000
      let fraction = rest % 1000
      if fraction == 0 {
        text += "\(seconds)s"
      } else {
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        text += "\(seconds).\(digits)s"
      }
    }
    return text
  }

  /// A stopwatch form: `"4:05"`, `"1:02:03"`; whole seconds, rounded down, unless `precise`
  /// asks for the milliseconds too (`"27:54.419"`) when there are any.
  public static func clock(_ milliseconds: Int64, precise: Bool = false) -> String {
    let fraction = max(0, milliseconds) % 1000
    if precise, fraction > 0 {
      var digits = String(fraction)
      digits = String(repeating: "0", count: 3 - digits.count) + digits
      while digits.hasSuffix("0") { digits.removeLast() }
      return clock(milliseconds) + "." + digits
    }
    let totalSeconds = max(0, milliseconds) / 1000
    let hours = totalSeconds / 3600
    let minutes = (totalSeconds % 3600) / 60
    let seconds = totalSeconds % 60
    let twoDigits = { (value: Int64) in value < 10 ? "0\(value)" : "\(value)" }
    if hours > 0 { return "\(hours):\(twoDigits(minutes)):\(twoDigits(seconds))" }
    return "\(minutes):\(twoDigits(seconds))"
  }

  /// Reads the strict grammar; nil when the text is not in it. A fraction finer than a
  /// millisecond throws, unless `rounding` asks for the nearest millisecond instead.
  private static func parseStrict(_ text: String, original: String, rounding: Bool)
    throws(DurationError) -> Int64?
  {
    var bytes = ByteCursor(text)
    if bytes.isAtEnd { return nil }
    if bytes.contains(UInt8(ascii: ":")) {
      return try parseClock(text, original: original, rounding: rounding)
    }
    var total: Int64 = 0
    var lastUnit = Int64.max
    var first = true
    while true {
      bytes.skipSpaces()
      if bytes.isAtEnd { break }
      guard let number = bytes.number() else { return nil }
      bytes.skipSpaces()
      let symbol = bytes.letters()
      if symbol.isEmpty {
        // A bare number is seconds, but only on its own.
        bytes.skipSpaces()
        guard first, bytes.isAtEnd else { return nil }
        return try milliseconds(number, unit: 1000, original: original, rounding: rounding)
      }
      guard let unit = unitMilliseconds(symbol), unit < lastUnit else { return nil }
      lastUnit = unit
      first = false
      total += try milliseconds(number, unit: unit, original: original, rounding: rounding)
      if total > maximum { throw .tooLong(QuotedText.quote(original)) }
    }
    return first ? nil : total
  }

  private static func unitMilliseconds(_ symbol: [UInt8]) -> Int64? {
    switch symbol {
    case [UInt8(ascii: "d")]: return 86_400_000
    case [UInt8(ascii: "h")]: return 3_600_000
    case [UInt8(ascii: "m")]: return 60_000
    case [UInt8(ascii: "s")]: return 1000
    case [UInt8(ascii: "m"), UInt8(ascii: "s")]: return 1
    default: return nil
    }
  }

  /// `m:ss`, `h:mm:ss`, with a fraction on the last part only; every part after the first has
  /// two whole digits (`"1:05"`, `"1:05.5"`, never `"1:5"` or `"1:5.5"`).
  private static func parseClock(_ text: String, original: String, rounding: Bool)
    throws(DurationError) -> Int64?
  {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 2 || parts.count == 3 else { return nil }
    let partUnits: [Int64] = parts.count == 3 ? [3_600_000, 60_000, 1000] : [60_000, 1000]
    var total: Int64 = 0
    for (position, part) in parts.enumerated() {
      let isLast = position == parts.count - 1
      guard let number = DecimalNumber(part), isLast || number.fraction.isEmpty else { return nil }
      if position > 0 {
        guard part.prefix(while: { $0 != "." }).count == 2, number.whole < 60 else { return nil }
      }
      total += try milliseconds(
        number, unit: partUnits[position], original: original, rounding: rounding)
    }
    if total > maximum { throw .tooLong(QuotedText.quote(original)) }
    return total
  }

  /// `number` of `unit`s in milliseconds, computed exactly from its digits.
  private static func milliseconds(
    _ number: DecimalNumber, unit: Int64, original: String, rounding: Bool
  ) throws(DurationError) -> Int64 {
    let (whole, overflow) = number.whole.multipliedReportingOverflow(by: unit)
    if overflow || whole > maximum { throw .tooLong(QuotedText.quote(original)) }
    var fraction: Int64 = 0
    if !number.fraction.isEmpty, let digits = Int64(number.fraction) {
      var scale: Int64 = 1
      for _ in number.fraction.utf8 { scale *= 10 }
      // At most nine digits times a day's milliseconds: well inside Int64.
      let product = digits * unit
      if !rounding, product % scale != 0 || number.dropsDigits {
        throw .finerThanMillisecond(QuotedText.quote(original), suggestion: nil)
      }
      fraction = (product + scale / 2) / scale
    }
    return whole + fraction
  }

  /// A strict spelling of what the user probably meant, if a lenient reading finds one.
  private static func suggestion(for text: String) -> String? {
    let words: [String: String] = [
      "sec": "s", "secs": "s", "second": "s", "seconds": "s",
      "min": "m", "mins": "m", "minute": "m", "minutes": "m",
      "hr": "h", "hrs": "h", "hour": "h", "hours": "h",
      "day": "d", "days": "d", "msec": "ms", "millisecond": "ms", "milliseconds": "ms",
    ]
    if text.contains(":") { return clockSuggestion(for: text) }
    // A number left without its unit after another takes the next smaller one: "1h30" is
    // "1h30m", "2m10" is "2m10s".
    let smaller = ["d": "h", "h": "m", "m": "s", "s": "ms"]
    var rewritten = ""
    var lastSymbol: String?
    var scanner = Scanner(text.lowercased())
    while !scanner.isAtEnd {
      scanner.skipSpaces()
      guard let number = scanner.number() else { return nil }
      scanner.skipSpaces()
      let word = scanner.letters()
      let bare = word.isEmpty && scanner.isAtEnd ? lastSymbol.flatMap { smaller[$0] } : nil
      guard
        let symbol = bare ?? words[word] ?? (units.contains { $0.symbol == word } ? word : nil)
      else { return nil }
      lastSymbol = symbol
      rewritten += number.text + symbol
      scanner.skipSpaces()
      if scanner.peek == "," { scanner.advance() }
      scanner.skipSpaces()
      if scanner.hasPrefix("and") { scanner.advance(by: 3) }
    }
    guard !rewritten.isEmpty,
      let value = try? parseStrict(rewritten, original: rewritten, rounding: false)
    else { return nil }
    return format(value)
  }

  /// `"1:5"` as `"1:05"`: each part after the first with its missing leading zero.
  private static func clockSuggestion(for text: String) -> String? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    let padded = parts.enumerated().map { position, part in
      position > 0 && part.prefix(while: { $0 != "." }).count == 1 ? "0" + part : part
    }.joined(separator: ":")
    guard padded != text, (try? parseStrict(padded, original: padded, rounding: false)) != nil
    else { return nil }
    return padded
  }
}
