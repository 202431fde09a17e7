import CadenceTestSupport
import Foundation
import Testing

/// `history --json`, `history` and `stats` read only what they show and write as they read:
/// with ten times the sessions, their peak memory (each measured on its own, in a process of
/// its own) stays where it was, and what they print is all there. No timing is asserted: a
/// loaded machine makes time say nothing, while memory holds its shape.
@Suite(.serialized, .timeLimit(.minutes(10))) struct HistoryScaleTests {
  let folder = TemporaryFolder("history-scale")

  /// A database of `count` focus sessions, one every 7 minutes up to now, filled by `history
  /// import` of generated JSON.
  func database(_ count: Int) throws -> String {
    try folder.created()
    let now = Int64(Date().timeIntervalSince1970) / 60 * 60_000
    var json = "["
    for index in 0..<count {
      let started = now - Int64(count - index) * 420_000 - 600_000
      let start = Date(timeIntervalSince1970: Double(started) / 1000)
      let end = Date(timeIntervalSince1970: Double(started + 300_000) / 1000)
      let hex = String(index, radix: 16)
      json += index == 0 ? "" : ","
      json +=
        #"{"id":"00000000-0000-4000-8000-\#(String(repeating: "0", count: 12 - hex.count) + hex)","kind":"focus","routine":null,"task":"Essay","tags":"writing,uni","started_at":"\#(Self.stamp(start))","ended_at":"\#(Self.stamp(end))","planned_ms":300000,"active_ms":300000,"outcome":"\#(index % 5 == 4 ? "stopped" : "completed")","segments_done":1,"segments_skipped":0,"pauses":0,"note":"two pages","coins":5,"resumed":false,"goal":null}"#
    }
    json += "]"
    let file = folder.url("sessions-\(count).json")
    try json.write(to: file, atomically: true, encoding: .utf8)
    let path = folder.path("history-\(count).db")
    let imported = try CadenceProcess.run(["history", "import", file.path, "--db", path])
    #expect(imported.standardOutput == "Imported \(count) sessions.\n", "\(imported.standardError)")
    return path
  }

  static func stamp(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.string(from: date)
  }

  @Test func memoryDoesNotGrowWithTheHistory() throws {
    defer { folder.remove() }
    let small = 2_000
    let large = 20_000
    let databases = [small: try database(small), large: try database(large)]
    for arguments in [["history", "--json"], ["history"], ["stats"]] {
      var peaks: [Int: Double] = [:]
      for (count, path) in databases {
        let run = try CadenceProcess.measure(arguments + ["--db", path])
        #expect(run.status == 0, "\(arguments): \(run.standardError)")
        peaks[count] = run.peakMegabytes
        switch arguments {
        case ["history", "--json"]:
          let sessions = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
          #expect((sessions as? [Any])?.count == count)
        case ["history"]:
          #expect(
            run.standardOutput.contains("\n\n  \(count) sessions, "),
            "\(run.standardOutput.suffix(200))")
        default:
          // Every day of the last 14 has sessions, four in five completed: a streak of 14 days
          // at least, the longest of all the days of the history.
          #expect(run.standardOutput.hasPrefix("Last 14 days: "), "\(run.standardOutput)")
          let days = count * 7 / 1440
          let longest = (days...(days + 2)).contains {
            run.standardOutput.contains("now, longest \($0) days")
          }
          #expect(longest, "\(run.standardOutput)")
        }
      }
      let grown = peaks[large]! - peaks[small]!
      #expect(
        grown < 6,
        "\(arguments): \(peaks[small]!) MB with \(small) sessions, \(peaks[large]!) MB with \(large)"
      )
    }
  }
}
