/// A time zone file in the TZif format (RFC 8536), as the system keeps them in
/// `/usr/share/zoneinfo`: the moments the zone's clocks changed, what each change made them
/// (offset, daylight saving, abbreviation), and a POSIX TZ rule for the times after the last.
///
/// Version 1 files are read from their 32-bit data; later versions from the 64-bit data that
/// follows, with the footer's rule. Leap-second records are skipped (Unix time has none). The
/// file may come from anyone, so every count is checked against what is there and anything
/// out of place makes the whole file refused: ``parse(_:)`` gives nil, never a crash.
struct TZif: Sendable, Equatable {
  struct LocalType: Sendable, Equatable {
    /// Seconds to add to UTC.
    var offset: Int
    var isDaylight: Bool
    var abbreviation: String
  }

  /// The instants of the changes, in increasing order.
  var transitions: [Int64]
  /// The index in `types` of what each transition changed to.
  var typeIndices: [Int]
  /// At least one; the first also rules before the first transition.
  var types: [LocalType]
  /// What rules after the last transition, when the file says.
  var footer: PosixRule?

  /// The largest offset from UTC a file may give: 26 hours.
  static let maximumOffset = 26 * 3600

  /// Reads a file's bytes; nil when they are not a well-formed TZif file.
  static func parse(_ bytes: [UInt8]) -> TZif? {
    var reader = ByteReader(bytes)
    guard let first = reader.header() else { return nil }
    guard first.version >= 2 else { return reader.body(first, timeSize: 4) }
    guard reader.skip(first.bodySize(timeSize: 4)), let second = reader.header(),
      second.version >= 2, var zone = reader.body(second, timeSize: 8)
    else { return nil }
    // The footer: a line feed, the rule (perhaps empty), a line feed.
    guard reader.byte() == 0x0A, let line = reader.line() else { return nil }
    if !line.isEmpty {
      guard let rule = PosixRule(line) else { return nil }
      zone.footer = rule
    }
    return zone
  }

  /// The counts a header gives.
  struct Header {
    var version: Int
    var utIndicators: Int
    var standardIndicators: Int
    var leapSeconds: Int
    var transitions: Int
    var types: Int
    var characters: Int

    func bodySize(timeSize: Int) -> Int {
      // Each count is below 2^32, so none of these products or sums can overflow.
      transitions * (timeSize + 1) + types * 6 + characters + leapSeconds * (timeSize + 4)
        + standardIndicators + utIndicators
    }
  }

  /// Reads big-endian fields, never past the end.
  private struct ByteReader {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var remaining: Int { bytes.count - position }

    mutating func skip(_ count: Int) -> Bool {
      guard count >= 0, count <= remaining else { return false }
      position += count
      return true
    }

    mutating func byte() -> UInt8? {
      guard remaining >= 1 else { return nil }
      position += 1
      return bytes[position - 1]
    }

    mutating func integer(size: Int) -> Int64? {
      guard remaining >= size else { return nil }
      var value: UInt64 = 0
      for offset in 0..<size { value = value << 8 | UInt64(bytes[position + offset]) }
      position += size
      // Sign-extend a 32-bit field.
      return size == 4 ? Int64(Int32(bitPattern: UInt32(value))) : Int64(bitPattern: value)
    }

    /// The text up to the next line feed, which is taken too; nil when there is none.
    mutating func line() -> String? {
      guard let end = bytes[position...].firstIndex(of: 0x0A) else { return nil }
      let text = String(decoding: bytes[position..<end], as: UTF8.self)
      position = end + 1
      return text
    }

    mutating func header() -> Header? {
      guard remaining >= 44, Array(bytes[position..<position + 4]) == Array("TZif".utf8) else {
        return nil
      }
      let versionByte = bytes[position + 4]
      let version: Int
      switch versionByte {
      case 0: version = 1
      case UInt8(ascii: "2")...UInt8(ascii: "9"): version = Int(versionByte - UInt8(ascii: "0"))
      default: return nil
      }
      position += 20
      var counts: [Int] = []
      for _ in 0..<6 {
        guard let value = integer(size: 4) else { return nil }
        counts.append(Int(UInt32(truncatingIfNeeded: value)))
      }
      let header = Header(
        version: version, utIndicators: counts[0], standardIndicators: counts[1],
        leapSeconds: counts[2], transitions: counts[3], types: counts[4], characters: counts[5])
      guard header.types >= 1, header.characters >= 1,
        header.utIndicators == 0 || header.utIndicators == header.types,
        header.standardIndicators == 0 || header.standardIndicators == header.types
      else { return nil }
      return header
    }

    /// The data block after `header`, with times of `timeSize` bytes.
    mutating func body(_ header: Header, timeSize: Int) -> TZif? {
      guard header.bodySize(timeSize: timeSize) <= remaining else { return nil }
      var transitions: [Int64] = []
      transitions.reserveCapacity(header.transitions)
      for _ in 0..<header.transitions {
        guard let time = integer(size: timeSize), time > (transitions.last ?? .min) else {
          return nil
        }
        transitions.append(time)
      }
      var indices: [Int] = []
      indices.reserveCapacity(header.transitions)
      for _ in 0..<header.transitions {
        guard let index = byte(), Int(index) < header.types else { return nil }
        indices.append(Int(index))
      }
      var raw: [(offset: Int, isDaylight: UInt8, abbreviationIndex: Int)] = []
      for _ in 0..<header.types {
        guard let offset = integer(size: 4), abs(offset) <= Int64(TZif.maximumOffset),
          let isDaylight = byte(), isDaylight <= 1, let index = byte(),
          Int(index) < header.characters
        else { return nil }
        raw.append((Int(offset), isDaylight, Int(index)))
      }
      let characters = bytes[position..<position + header.characters]
      var types: [LocalType] = []
      for entry in raw {
        let start = characters.startIndex + entry.abbreviationIndex
        guard let end = characters[start...].firstIndex(of: 0) else { return nil }
        types.append(
          LocalType(
            offset: entry.offset, isDaylight: entry.isDaylight == 1,
            abbreviation: String(decoding: characters[start..<end], as: UTF8.self)))
      }
      let rest =
        header.characters + header.leapSeconds * (timeSize + 4) + header.standardIndicators
        + header.utIndicators
      guard skip(rest) else { return nil }
      return TZif(transitions: transitions, typeIndices: indices, types: types, footer: nil)
    }
  }
}
