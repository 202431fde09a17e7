import CadenceTime
import FoundationEssentials

/// One interval of `timew export`: `{"id":1,"start":"20261130T090500Z","end":"…","tags":[…]}`.
struct TimewarriorExport: Decodable {
  var start: String
  /// Absent while the interval is open (being tracked now).
  var end: String?
  var tags: [String]?

  /// A closed interval as Cadence compares it: its span and tags.
  struct Interval {
    var span: Timewarrior.Span
    var tags: [String]
  }

  /// The closed intervals in `json`, timew's export; nil when it is not such an array.
  static func intervals(_ json: [UInt8]) -> [Interval]? {
    guard let all = try? JSONDecoder().decode([TimewarriorExport].self, from: Data(json)) else {
      return nil
    }
    return all.compactMap { interval in
      guard let start = seconds(interval.start), let end = interval.end.flatMap(seconds) else {
        return nil
      }
      return Interval(span: Timewarrior.Span(start: start, end: end), tags: interval.tags ?? [])
    }
  }

  /// The Unix time of timew's `20261130T090500Z`, or nil for anything else.
  static func seconds(_ text: String) -> Int64? {
    let bytes = Array(text.utf8)
    guard bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z") else {
      return nil
    }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
      let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15)
    else { return nil }
    let time = LocalDateTime(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    return time.isValid ? time.localSeconds : nil
  }
}
