import CadenceSystem
import CadenceTime
import FoundationEssentials

/// Wall-clock times as stored: ISO 8601 in UTC with milliseconds, which sort as text.
public enum Timestamp {
  public static func string(_ date: Date) -> String {
    let milliseconds = milliseconds(date)
    let rest = (milliseconds % 1000 + 1000) % 1000
    let time = LocalDateTime(localSeconds: (milliseconds - rest) / 1000)
    guard (0...9999).contains(time.year) else {
      return TimeFormat.rfc3339(time, milliseconds: Int(rest), offset: 0)
    }
    // The usual case, its 24 bytes written in place: `2026-11-30T15:20:00.123Z`.
    return String(unsafeUninitializedCapacity: 24) { text in
      for (offset, byte) in "0000-00-00T00:00:00.000Z".utf8.enumerated() { text[offset] = byte }
      for (value, end) in [
        (time.year, 4), (time.month, 7), (time.day, 10), (time.hour, 13), (time.minute, 16),
        (time.second, 19), (Int(rest), 23),
      ] {
        var value = value
        var at = end - 1
        while value > 0 {
          text[at] = UInt8(truncatingIfNeeded: 0x30 + value % 10)
          value /= 10
          at -= 1
        }
      }
      return 24
    }
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
    // 24 bytes ending `.` three digits `Z` leave the general form nothing else to take.
    guard bytes.count == 24, bytes[19] == 0x2E, bytes[23] == 0x5A else { return nil }
    return TimeFormat.rfc3339Milliseconds(bytes)
  }

  /// Milliseconds since 1970 of a date.
  public static func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded())
  }
}
