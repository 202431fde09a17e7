import Foundation
import Testing

/// An iCalendar DATE-TIME has four digits of year: a plan that would start or end outside the
/// years 0000 to 9999 is refused with a sentence, not written as `DTEND:10000…`.
@Suite struct CalendarYearTests {
  @Test func aPlanEndingAfter9999IsRefused() throws {
    let arguments = ["plan", "examples/revision.lua", "--ics", "--start", "9999-12-31T23:00Z"]
    let output = try CadenceProcess.run(arguments)
    #expect(output.status == 64)
    #expect(output.standardOutput.isEmpty)
    #expect(output.standardError.contains("would end in the year 10000"), "\(output.standardError)")
    #expect(output.standardError.contains("0000 to 9999"))
    RefusalForm.expect(output.standardError, status: output.status, arguments: arguments)
  }

  @Test func aPlanStartingBeforeYear0000IsRefused() throws {
    // Midnight on 1 January of year 0 in Tokyo is still year -1 in UTC, where the file counts.
    let arguments = ["plan", "examples/revision.lua", "--ics", "--start", "0000-01-01T00:00"]
    let output = try CadenceProcess.run(arguments, environment: ["TZ": "Asia/Tokyo"])
    #expect(output.status == 64)
    #expect(output.standardError.contains("would start in the year -1"), "\(output.standardError)")
    RefusalForm.expect(output.standardError, status: output.status, arguments: arguments)
  }

  @Test func aPlanEndingOnTheLastDayOf9999IsWritten() throws {
    let output = try CadenceProcess.run(
      ["plan", "examples/revision.lua", "--ics", "--start", "9999-12-31T21:00Z"])
    #expect(output.status == 0, "\(output.standardError)")
    let ends = output.standardOutput.split(separator: "\r\n").filter { $0.hasPrefix("DTEND:") }
    #expect(ends.last == "DTEND:99991231T230000Z")
  }
}
