import Foundation
import Testing

/// The built `cadence` shows the user's own clock: the zone `TZ` names, read from the
/// system's zone files (not UTC, which is all Foundation knows without ICU).
@Suite struct LocalTimeZoneTests {
  static let routine = """
    return { name = "Short", steps = { { "Work", "25m" }, { "Rest", "5m", kind = "pause" } } }

    """

  @Test(arguments: [
    ("America/New_York", "2026-07-01T13:00Z", "09:00:00", "09:30:00"),  // summer, UTC-4
    ("America/New_York", "2026-12-01T13:00Z", "08:00:00", "08:30:00"),  // winter, UTC-5
    ("Asia/Kolkata", "2026-12-01T03:15Z", "08:45:00", "09:15:00"),  // UTC+5:30
    (":Europe/London", "2026-07-01T13:00Z", "14:00:00", "14:30:00"),  // BST
    ("EST5EDT,M3.2.0,M11.1.0", "2026-07-01T13:00Z", "09:00:00", "09:30:00"),  // a POSIX rule
  ])
  func planShowsTheStartAndFinishOnTheLocalClock(
    zone: String, start: String, begins: String, ends: String
  ) throws {
    let path = try CadenceProcess.temporaryFile("short.lua", Self.routine)
    let output = try CadenceProcess.run(
      ["plan", path, "--start", start], environment: ["TZ": zone])
    #expect(output.status == 0, "\(output.standardError)")
    #expect(
      output.standardOutput.contains("finishes at \(ends) if started at \(begins)"),
      "\(output.standardOutput)")
  }

  @Test(arguments: [
    ("America/New_York", "2026-07-01 09:00", "20260701T130000Z"),
    ("America/New_York", "2026-12-01 09:00", "20261201T140000Z"),
    ("Asia/Kolkata", "2026-12-01 09:00", "20261201T033000Z"),
  ])
  func aLocalStartIsTheRightInstantInTheCalendar(zone: String, start: String, utc: String)
    throws
  {
    let path = try CadenceProcess.temporaryFile("short.lua", Self.routine)
    let output = try CadenceProcess.run(
      ["plan", path, "--ics", "--start", start], environment: ["TZ": zone])
    #expect(output.status == 0, "\(output.standardError)")
    #expect(output.standardOutput.contains("DTSTART:\(utc)\r\n"), "\(output.standardOutput)")
  }
}
