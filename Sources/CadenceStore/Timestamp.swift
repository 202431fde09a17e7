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
    // 24 bytes ending `.` three digits `Z` leave the general form nothing else to take.
    guard bytes.count == 24, bytes[19] == 0x2E, bytes[23] == 0x5A else { return nil }
    return TimeFormat.rfc3339Milliseconds(bytes)
  }

  /// Milliseconds since 1970 of a date.
  public static func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded())
  }
}
