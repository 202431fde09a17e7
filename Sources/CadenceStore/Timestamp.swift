import CadenceSystem
import CadenceTime
import FoundationEssentials

/// Wall-clock times as stored: ISO 8601 in UTC with milliseconds, which sort as text.
public enum Timestamp {
  public static func string(_ date: Date) -> String {
    let milliseconds = milliseconds(date)
    let rest = (milliseconds % 1000 + 1000) % 1000
    let seconds = (milliseconds - rest) / 1000
    return TimeFormat.rfc3339(
      LocalDateTime(localSeconds: seconds), milliseconds: Int(rest), offset: 0)
  }

  public static func now(_ clock: WallClock = .system) -> String { string(clock.now()) }

  /// The instant of an RFC 3339 timestamp with a fraction of a second, in UTC (`Z`) or with
  /// an offset; nil when the text is not one.
  public static func date(_ text: String) -> Date? {
    TimeFormat.rfc3339Milliseconds(text).map { Date(timeIntervalSince1970: Double($0) / 1000) }
  }

  /// The milliseconds since 1970 of a timestamp in exactly the form ``string(_:)`` writes
  /// (`2026-11-30T15:20:00.123Z`, a real date), read straight from its bytes; nil for any other
  /// text, which ``date(_:)`` may still read. Such a timestamp is its own ``string(_:)``.
  public static func canonicalMilliseconds(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
    guard bytes.count == 24, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54,
      bytes[13] == 0x3A, bytes[16] == 0x3A, bytes[19] == 0x2E, bytes[23] == 0x5A
    else { return nil }
    func number(_ from: Int, _ count: Int) -> Int? {
      var value = 0
      for index in from..<from + count {
        let digit = bytes[index] &- 0x30
        guard digit < 10 else { return nil }
        value = value * 10 + Int(digit)
      }
      return value
    }
    guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
      let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
      let milliseconds = number(20, 3)
    else { return nil }
    let time = LocalDateTime(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    guard time.isValid else { return nil }
    return time.localSeconds * 1000 + Int64(milliseconds)
  }

  /// Milliseconds since 1970 of a date.
  public static func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded())
  }
}
