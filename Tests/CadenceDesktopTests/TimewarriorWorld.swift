import CadenceDesktop
import CadenceStore
import CadenceTestSupport
import Foundation

/// A Timewarrior of its own for a test: Debian's real timew (scripts/setup installs
/// timewarrior), its database in a new temporary folder (TIMEWARRIORDB), read back with
/// `timew export`.
struct TimewarriorWorld {
  let folder = TemporaryFolder("timew").path

  var environment: [String: String] {
    ["PATH": "/usr/bin:/bin", "HOME": folder, "TIMEWARRIORDB": folder + "/timewarrior"]
  }

  var timew: Timewarrior {
    get throws {
      guard let timew = Timewarrior(environment: environment) else {
        throw Missing()
      }
      return timew
    }
  }

  struct Missing: Error, CustomStringConvertible {
    var description: String { "timew is not installed (scripts/setup installs timewarrior)" }
  }

  /// An interval as `timew export` gives it.
  struct Interval: Decodable, Equatable {
    var start: String
    var end: String?
    var tags: [String]?
  }

  /// Everything timew holds.
  func export() throws -> [Interval] {
    let output = try Program.run("/usr/bin/timew", ["export"], environment: environment)
    return try JSONDecoder().decode([Interval].self, from: Data(output.standardOutput.utf8))
  }

  /// Runs timew with `arguments` (to set up an interval of the user's own).
  func timew(_ arguments: [String]) throws {
    _ = try Program.run("/usr/bin/timew", arguments, environment: environment)
  }

  /// A session of `kind` from `start` (Unix seconds) for `minutes`.
  static func session(
    _ kind: SessionRecord.Kind = .routine, routine: String? = "Gym circuit", task: String? = nil,
    goal: String? = nil, tags: [String] = [], start: Int, minutes: Double = 25
  ) -> SessionRecord {
    let begin = Date(timeIntervalSince1970: Double(start))
    return SessionRecord(
      kind: kind, routine: routine, task: task, goal: goal, tags: tags, startedAt: begin,
      endedAt: begin.addingTimeInterval(minutes * 60), plannedMilliseconds: Int64(minutes * 60_000),
      activeMilliseconds: Int64(minutes * 60_000), outcome: .completed)
  }

  /// `20261101T100000Z` for Unix seconds.
  static func stamp(_ seconds: Int) -> String {
    let date = Date(timeIntervalSince1970: Double(seconds))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    return String(
      format: "%04d%02d%02dT%02d%02d%02dZ", parts.year!, parts.month!, parts.day!, parts.hour!,
      parts.minute!, parts.second!)
  }
}
