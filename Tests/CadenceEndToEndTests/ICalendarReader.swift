import CadenceTestSupport
import Foundation
import Testing

/// A calendar read back by a real iCalendar parser: Python's icalendar (which scripts/setup
/// installs) runs `script` with the calendar on its standard input, and the script prints one
/// JSON object of what it read.
enum ICalendarReader {
  static func read(_ calendar: String, with script: String) throws -> [String: Any] {
    let output = try Program.run("/usr/bin/python3", ["-c", script], input: calendar)
    #expect(
      output.status == 0,
      "Python's icalendar could not read the file (scripts/setup installs python3-icalendar): \(output.standardError)"
    )
    return try #require(
      JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
  }
}
