import CadenceStore
import CadenceSystem
import CadenceText
import CadenceTime
import FoundationEssentials

/// The user's Timewarrior (`timew`), where finished sessions are tracked: each as
/// `timew :yes rc.confirmation=off track START - END TAG...` with the times in UTC and whole
/// seconds, run as an argument list (never through a shell) with a time limit, so that timew
/// asks nothing and cannot hold Cadence up.
///
/// A session is tagged `cadence`, its kind (`routine`, `timer`, `focus` or `break`), its
/// routine's name (for a routine), its task, its goal and its tags, each one argument that
/// timew reads as a tag (see ``TimewarriorTag``). Its interval runs from its start to its end,
/// each cut to the whole second; a session under a second long has none.
public struct Timewarrior: Sendable {
  /// How long one timew command may take before it is stopped.
  public static let timeLimit: Duration = .seconds(10)

  /// The tag every session tracked by Cadence carries.
  public static let tag = "cadence"

  /// timew, with the environment it runs with (its PATH, HOME and TIMEWARRIORDB).
  public let tool: DesktopTool
  /// The names of the user's extensions, which a tag must not be read as.
  let extensions: [String]

  /// The timew on `environment`'s PATH, or nil when there is none.
  public init?(environment: [String: String]) {
    guard let tool = DesktopTool("timew", environment: environment, timeout: Self.timeLimit)
    else { return nil }
    self.tool = tool
    extensions = Self.extensionNames(environment)
  }

  /// A session's interval in Unix seconds, or nil when it is under a second long.
  public struct Span: Hashable, Sendable {
    public var start: Int64
    public var end: Int64

    public init(start: Int64, end: Int64) {
      self.start = start
      self.end = end
    }

    public init?(_ session: SessionRecord) {
      start = Int64(session.startedAt.timeIntervalSince1970.rounded(.down))
      end = Int64(session.endedAt.timeIntervalSince1970.rounded(.down))
      guard end > start else { return nil }
    }
  }

  /// The arguments of `timew` that track `session` in `span`.
  public func arguments(_ session: SessionRecord, span: Span) -> [String] {
    [":yes", "rc.confirmation=off", "track", Self.iso(span.start), "-", Self.iso(span.end)]
      + tags(session)
  }

  /// The tags of `session`, each an argument timew reads as one tag, without repeats.
  public func tags(_ session: SessionRecord) -> [String] {
    var names = [Self.tag, session.kind.rawValue]
    if session.kind == .routine, let routine = session.routine { names.append(routine) }
    names += [session.task, session.goal].compactMap { $0 } + session.tags
    var seen = Set<String>()
    return names.compactMap { TimewarriorTag.argument($0, extensions: extensions) }.filter {
      seen.insert($0).inserted
    }
  }

  /// What became of one session.
  public enum Outcome: Equatable, Sendable {
    case tracked
    /// Under a second long: nothing to track.
    case tooShort
    /// timew refused it or failed; what it said, in a clause.
    case failed(String)
  }

  /// Tracks `session` in timew.
  public func track(_ session: SessionRecord) -> Outcome {
    guard let span = Span(session) else { return .tooShort }
    let run = tool.run(arguments(session, span: span))
    return run.succeeded ? .tracked : .failed(Self.failure(run))
  }

  /// Tracks a finished session when the setting asks for it: nil when it was tracked (or had
  /// nothing to track), otherwise the one sentence that says why not. The session itself is
  /// in Cadence's history whatever happens here.
  public static func trackFinished(_ session: SessionRecord, environment: [String: String])
    -> String?
  {
    guard let timew = Timewarrior(environment: environment) else {
      return
        "Timewarrior: timew is not on PATH, so this session was not tracked in it; install timewarrior (or cadence config set timewarrior off), then cadence history --timew adds it."
    }
    guard case .failed(let reason) = timew.track(session) else { return nil }
    return
      "Timewarrior: timew track \(reason), so this session was not tracked in it; it is in Cadence's history, and cadence history --timew adds it once timew accepts it."
  }

  /// What a timew command that did not succeed said, as a clause: `failed with status 255
  /// (You cannot overlap intervals…)`.
  static func failure(_ run: ProgramRun) -> String {
    let said = run.text.split(whereSeparator: \.isNewline).last { !$0.allSatisfy(\.isWhitespace) }
    let detail = said.map { " (\(QuotedText.oneLine(String($0.prefix(200)))))" } ?? ""
    switch run.ending {
    case .exited(let status) where run.flooded && status == 0:
      return "wrote more than Cadence reads"
    case .exited(let status): return "failed with status \(status)\(detail)"
    case .signalled(let signal): return "was ended by signal \(signal)\(detail)"
    case .timedOut: return "took longer than \(timeLimit.components.seconds) s and was stopped"
    case .stopped: return "was stopped"
    case .notStarted(let why): return "could not start (\(why))"
    }
  }

  /// A UTC time as timew reads it: `2026-11-30T09:05:00Z`.
  static func iso(_ seconds: Int64) -> String {
    TimeFormat.rfc3339(LocalDateTime(localSeconds: seconds), offset: 0)
  }

  /// The file names in every folder timew 1.4 and later take extensions from.
  static func extensionNames(_ environment: [String: String]) -> [String] {
    func value(_ key: String) -> String? { environment[key].flatMap { $0.isEmpty ? nil : $0 } }
    var folders: [String] = []
    if let database = value("TIMEWARRIORDB") { folders.append(database) }
    if let home = value("HOME") {
      folders.append(home + "/.timewarrior")
      folders.append((value("XDG_CONFIG_HOME") ?? home + "/.config") + "/timewarrior")
    }
    return folders.flatMap { folder in
      (try? FileManager.default.contentsOfDirectory(atPath: folder + "/extensions")) ?? []
    }
  }
}
