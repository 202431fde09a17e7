import CadenceStore
import CadenceTime
import FoundationEssentials
import Testing

/// The stored timestamp written and read in place (the import's fast paths) says exactly what
/// the general RFC 3339 writer and reader say, and tags as Cadence writes them are cut as the
/// trimming split cuts them.
@Suite struct TimestampFastPathTests {
  /// What ``Timestamp/string(_:)`` said before it wrote its bytes in place.
  static func general(_ date: Date) -> String {
    let milliseconds = Timestamp.milliseconds(date)
    let rest = (milliseconds % 1000 + 1000) % 1000
    return TimeFormat.rfc3339(
      LocalDateTime(localSeconds: (milliseconds - rest) / 1000), milliseconds: Int(rest),
      offset: 0)
  }

  @Test func writtenAndReadAsTheGeneralFormsDo() {
    var generator = SystemRandomNumberGenerator()
    // Years 0000 to 9999 and a little beyond each end, and the edges themselves.
    var instants: [Int64] = [
      0, -1, 999, 1000, -62_167_219_200_000, -62_167_219_200_001, 253_402_300_799_999,
      253_402_300_800_000, 1_798_761_599_999,
    ]
    for _ in 0..<20_000 {
      instants.append(
        Int64.random(in: -62_200_000_000_000...253_500_000_000_000, using: &generator))
    }
    for milliseconds in instants {
      let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
      let written = Timestamp.string(date)
      #expect(written == Self.general(date), "\(milliseconds)")
      #expect(
        Timestamp.date(written).map(Timestamp.milliseconds)
          == TimeFormat.rfc3339Milliseconds(written), "\(written)")
    }
    for text in [
      "2026-02-30T00:00:00.000Z", "2026-11-30T15:20:00.123+01:00", "2026-11-30T15:20:00Z",
      "2026-11-30T24:00:00.000Z", "2026-11-30T15:20:60.000Z", "2026-11-30 15:20:00.000Z",
    ] {
      #expect(
        Timestamp.date(text).map(Timestamp.milliseconds) == TimeFormat.rfc3339Milliseconds(text),
        "\(text)")
    }
  }

  @Test func tagsAreCutAsTheTrimmingSplitCutsThem() {
    for text in [
      "writing,uni", "a", "a b,c", " a,b", "a,,b", "a ,b", "a,b,", ",a", "é,a", "a\tb,c", "",
      "  ", ",", "x,y z,w",
    ] {
      let trimmed = text.split(separator: ",").map { String($0).trimmingBlanks }
        .filter { !$0.isEmpty }
      #expect(TagList.split(text) == trimmed, "\(text)")
    }
    #expect(TagList.split(nil) == [])
  }
}

extension String {
  /// Without spaces and tabs at either end, as the tags' own trimming does for these texts.
  fileprivate var trimmingBlanks: String {
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}
