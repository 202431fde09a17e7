import CadenceStore
import CadenceSystem
import CadenceText
import FoundationEssentials

/// `cadence history --timew`: past sessions tracked in Timewarrior, each once. What timew
/// already holds is read first (`timew export`, as JSON); a session whose interval is there
/// with the `cadence` tag is skipped, so running it again adds nothing.
public struct TimewarriorBackfill {
  /// Why a back-fill could not begin: one sentence.
  public struct Failure: Error, CustomStringConvertible, Equatable {
    public var description: String
    /// Whether what timew printed was the trouble (exit 65) rather than timew itself (69).
    public var isData = false
  }

  /// What a back-fill did.
  public struct Report: Equatable, Sendable {
    public var added = 0
    /// Already in Timewarrior.
    public var present = 0
    /// Under a second long.
    public var tooShort = 0
    /// Refused by timew (an overlap with an interval of the user's own, say).
    public var refused = 0
    /// What timew said about the first refusal.
    public var firstRefusal: String?

    /// `Added 3 sessions to Timewarrior; 2 were there already.`
    public var summary: String {
      var text = "Added \(Self.count(added, "session")) to Timewarrior"
      var others: [String] = []
      if present > 0 { others.append("\(present) \(present == 1 ? "was" : "were") there already") }
      if tooShort > 0 {
        others.append(
          "\(tooShort) \(tooShort == 1 ? "was" : "were") under a second long, too short to track")
      }
      if !others.isEmpty { text += "; " + others.joined(separator: ", ") }
      return text + "."
    }

    /// The sentence for the sessions timew refused.
    public var refusals: String {
      let reason = firstRefusal.map { ": timew track \($0)" } ?? ""
      return
        "\(Self.count(refused, "session")) could not be added to Timewarrior\(reason); put right what timew says (an interval of your own in the way, say), then run cadence history --timew again: what is there already is skipped."
    }

    static func count(_ number: Int, _ noun: String) -> String {
      "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
  }

  /// How much of `timew export` is read at most, in bytes (a million intervals' worth).
  static let exportLimit = 256 << 20

  let timew: Timewarrior
  /// The intervals tagged `cadence` that timew already holds.
  var present: Set<Timewarrior.Span>
  public private(set) var report = Report()

  /// Reads what `timew` holds from `since` on (everything without it).
  public init(timew: Timewarrior, since: Date?) throws(Failure) {
    self.timew = timew
    var arguments = [":yes", "rc.confirmation=off", "export"]
    if let since {
      let seconds = Int64(since.timeIntervalSince1970.rounded(.down))
      arguments += ["from", Timewarrior.iso(seconds)]
    }
    let run = ProgramRun.run(
      timew.tool.executable, arguments, environment: timew.tool.environment,
      timeout: Timewarrior.timeLimit, keep: Self.exportLimit, readLimit: Self.exportLimit)
    guard run.ending == .exited(0) else {
      throw Failure(
        description:
          "timew export \(Timewarrior.failure(run)); Cadence reads it to add no session twice, so nothing was added: run timew export yourself to see what is wrong"
      )
    }
    guard !run.flooded else {
      throw Failure(
        description:
          "timew export wrote more than \(Self.exportLimit >> 20) MB; give --since a date to read less of it",
        isData: true)
    }
    guard let intervals = TimewarriorExport.intervals(run.output) else {
      throw Failure(
        description:
          "timew export did not print the JSON array of intervals Cadence reads; nothing was added: run timew export yourself to see what it prints",
        isData: true)
    }
    present = Set(intervals.filter { $0.tags.contains(Timewarrior.tag) }.map(\.span))
  }

  /// Tracks `session` unless timew has it already.
  public mutating func add(_ session: SessionRecord) {
    guard let span = Timewarrior.Span(session) else {
      report.tooShort += 1
      return
    }
    guard !present.contains(span) else {
      report.present += 1
      return
    }
    switch timew.track(session) {
    case .tracked:
      report.added += 1
      present.insert(span)
    case .tooShort: report.tooShort += 1
    case .failed(let reason):
      report.refused += 1
      if report.firstRefusal == nil { report.firstRefusal = reason }
    }
  }
}
