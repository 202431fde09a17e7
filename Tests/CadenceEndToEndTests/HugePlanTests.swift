import Foundation
import Testing

/// Exports of routines as large as `check` accepts: every export's work grows with the plan
/// and no faster, the calendar of 200,000 segments is whole and made in bounded memory, and
/// the picture stays small and renders, whatever the number of segments.
@Suite struct HugePlanTests {
  /// `rounds` rounds of a 2-second set and a 1-second rest, with a reminder a second into
  /// every set.
  static let routine = """
    return {
      name = "Huge",
      params = { rounds = 10 },
      steps = {
        { rounds = "$rounds", steps = {
          { "Work", "2s", every = "1s", reminder = "Hold" },
          { "Rest", "1s", kind = "pause" },
        } },
      },
    }
    """

  static let file = Result { try CadenceProcess.temporaryFile("huge.lua", routine) }

  /// Each export and the options that ask for it.
  static let exports: [(name: String, arguments: [String])] = [
    ("plan --ics", ["plan", "--ics", "--start", "2026-12-01T09:00Z"]),
    ("plan --json", ["plan", "--json"]),
    ("plan --svg", ["plan", "--svg", "-"]),
    ("plan", ["plan"]),
    ("simulate", ["simulate"]),
    ("simulate --json", ["simulate", "--json"]),
  ]

  /// The processor time of one export of `rounds` rounds: the best of two, so that a moment
  /// of contention does not count.
  func cpuSeconds(_ arguments: [String], rounds: Int) throws -> Double {
    let file = try Self.file.get()
    var best = Double.infinity
    for _ in 0..<2 {
      let run = try CadenceProcess.measure(
        [arguments[0], file, "--set", "rounds=\(rounds)"] + arguments.dropFirst())
      #expect(run.status == 0, "\(arguments): \(run.standardError)")
      best = min(best, run.cpuSeconds)
    }
    return best
  }

  /// Four times the segments take about four times the work (less, with the start-up), not
  /// the sixteen times of a scan of every segment for each one.
  @Test(arguments: exports.indices)
  func workGrowsWithThePlan(_ export: Int) throws {
    let (name, arguments) = Self.exports[export]
    let small = try cpuSeconds(arguments, rounds: 8000)
    let large = try cpuSeconds(arguments, rounds: 32000)
    #expect(
      large < max(small, 0.05) * 6, "\(name): \(small) s, then \(large) s for 4 times as much")
  }

  @Test func calendarOf200000SegmentsIsWholeAndMadeInBoundedMemory() throws {
    let file = try Self.file.get()
    let run = try CadenceProcess.measure(
      ["plan", file, "--set", "rounds=100000", "--ics", "--start", "2026-12-01T09:00Z"])
    #expect(run.status == 0, "\(run.standardError)")
    let lines = run.standardOutput.split(separator: "\r\n", omittingEmptySubsequences: false)
    #expect(lines.count { $0 == "BEGIN:VEVENT" } == 100_000)
    #expect(lines.count { $0 == "BEGIN:VALARM" } == 300_001)
    // The last set ends 100,000 × 3 s − 1 s after nine: 2026-12-04T20:19:59Z.
    #expect(lines.last { $0.hasPrefix("DTEND:") } == "DTEND:20261204T201959Z")
    #expect(lines.dropLast().last == "END:VCALENDAR")
    // The file is written as it is made, not held whole: it is 54 MB, and the plan itself
    // takes about 60 MB (as much as `check` of it does). Under AddressSanitizer (scripts/test's
    // second run sets ASAN_OPTIONS) every allocation carries redzones and shadow memory,
    // several times its size: the bound is for the plain build, scaled there.
    let sanitised = ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil
    let bound = sanitised ? 100.0 * 10 : 100.0
    #expect(run.peakMegabytes < bound, "peak \(run.peakMegabytes) MB")
  }

  @Test func pictureOf200000SegmentsStaysSmallRendersAndCountsThemAll() throws {
    let file = try Self.file.get()
    let directory = URL(fileURLWithPath: file).deletingLastPathComponent()
    let picture = directory.appendingPathComponent("huge.svg")
    let run = try CadenceProcess.measure(
      ["plan", file, "--set", "rounds=100000", "--svg", picture.path])
    #expect(run.status == 0, "\(run.standardError)")
    let svg = try String(contentsOf: picture, encoding: .utf8)
    #expect(svg.utf8.count < 512 * 1024, "\(svg.utf8.count) bytes")
    for label in ["25%", "50%", "75%", "100%"] {
      #expect(svg.contains(">\(label)</text>"), "no quarter mark \(label)")
    }
    // Merged bars say how many segments they hold: together, every one.
    let merged = svg.matches(of: #/<title>(\d+) segments, /#).map { Int($0.output.1)! }
    #expect(!merged.isEmpty)
    #expect(merged.reduce(0, +) == 200_000)
    let reminders = svg.matches(of: #/<title>(\d+) reminders, /#).map { Int($0.output.1)! }
    #expect(reminders.reduce(0, +) == 100_000)

    let png = directory.appendingPathComponent("huge.png")
    let render = try CadenceProcess.runTool(
      "/usr/bin/rsvg-convert", [picture.path, "-o", png.path])
    #expect(render.status == 0, "rsvg-convert: \(render.standardError)")
    #expect(render.standardError.isEmpty, "\(render.standardError)")
    let header = try Data(contentsOf: png).prefix(4)
    #expect(Array(header) == [0x89, 0x50, 0x4E, 0x47])
  }
}
