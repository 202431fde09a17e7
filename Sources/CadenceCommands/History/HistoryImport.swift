import CadenceArguments
import CadenceCore
import CadenceStore
import CadenceSystem
import CadenceText
import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// `cadence history import FILE`: merges another machine's `history --json` by session id, in
/// one transaction, so a bad file changes nothing and importing twice adds nothing.
enum HistoryImport {
  /// Why a file cannot be imported: one sentence, naming the session.
  struct Problem: Error {
    var sentence: String
  }

  static func run(file: String, _ arguments: ParsedArguments, context: CommandContext)
    -> ExitCode
  {
    let shown = file == "-" ? "standard input" : TerminalText.line(file)
    let data: Data
    if file == "-" {
      guard case .success(let bytes) = Descriptor.readToEnd(STDIN_FILENO) else {
        context.console.problem(
          "standard input: cannot be read; pipe a file made by history --json into it")
        return .noInput
      }
      data = Data(bytes)
    } else {
      guard let read = FileManager.default.contents(atPath: file) else {
        context.console.problem(
          "\(shown): no such file, or it cannot be read; check the path (history --json > FILE makes one)"
        )
        return .noInput
      }
      data = read
    }
    let sessions: [SessionRecord]
    do {
      sessions = try parse(data)
    } catch {
      context.console.problem("\(shown): \(error.sentence); nothing was imported")
      return .dataError
    }
    do {
      let store = try Store(
        path: Store.defaultPath(
          flag: arguments[CommonOptions.database], environment: context.environment))
      let added = try store.sessionTable.merge(sessions)
      let known = sessions.count - added
      context.console.out(
        "Imported \(added) session\(added == 1 ? "" : "s")"
          + (known > 0 ? "; \(known) already here" : "") + ".\n")
      return .success
    } catch {
      context.console.problem("\(error.description)")
      return StoreFailure.exitCode(error)
    }
  }

  /// The sessions in a `history --json` array.
  static func parse(_ data: Data) throws(Problem) -> [SessionRecord] {
    guard let document = try? JSONDecoder().decode(JSONValue.self, from: data),
      case .array(let list) = document
    else {
      throw Problem(sentence: "is not a JSON array of sessions as history --json prints")
    }
    var sessions: [SessionRecord] = []
    for (offset, item) in list.enumerated() {
      guard case .object = item else {
        throw Problem(sentence: "entry \(offset + 1) is not an object")
      }
      sessions.append(try session(item, number: offset + 1))
    }
    return sessions
  }

  static func session(_ object: JSONValue, number: Int) throws(Problem) -> SessionRecord {
    func fail(_ what: String) -> Problem { Problem(sentence: "session \(number): \(what)") }
    func text(_ key: String) -> String? {
      guard case .string(let value) = object[key] else { return nil }
      return value
    }
    func integer(_ key: String) -> Int64? {
      switch object[key] {
      case .int(let value): value
      case .double(let value): Int64(exactly: value)
      default: nil
      }
    }
    guard let kindText = text("kind"), let kind = SessionRecord.Kind(rawValue: kindText) else {
      throw fail("kind must be routine, timer, focus or break")
    }
    guard let started = text("started_at").flatMap(Timestamp.date),
      let ended = text("ended_at").flatMap(Timestamp.date)
    else { throw fail("started_at and ended_at must be times such as 2026-11-30T09:00:00.000Z") }
    guard let outcomeText = text("outcome"),
      let outcome = SessionRecord.Outcome(rawValue: outcomeText)
    else { throw fail("outcome must be completed or stopped") }
    guard let planned = integer("planned_ms"), planned >= 0,
      let active = integer("active_ms"), active >= 0
    else { throw fail("planned_ms and active_ms must be whole numbers, 0 or more") }
    let coins = integer("coins") ?? 0
    guard coins >= 0, coins <= 1_000_000 else { throw fail("coins must be from 0 to 1000000") }
    var record = SessionRecord(
      kind: kind, routine: text("routine"), task: text("task"), goal: text("goal"),
      tags: TagList.split(text("tags")), startedAt: started, endedAt: ended,
      plannedMilliseconds: planned, activeMilliseconds: active, outcome: outcome,
      segmentsDone: Int(integer("segments_done") ?? 0),
      segmentsSkipped: Int(integer("segments_skipped") ?? 0),
      pauses: Int(integer("pauses") ?? 0), note: text("note"), coins: Int(coins),
      resumed: object["resumed"] == .bool(true))
    if let id = text("id") {
      guard let uuid = UUID(uuidString: id) else {
        throw fail("id \(QuotedText.quote(id)) is not a UUID")
      }
      record.uuid = uuid.uuidString.lowercased()
    } else {
      // An export from before sessions had ids: the same session always gets the same one.
      record.uuid = derivedUUID(record)
    }
    return record
  }

  /// A UUID made from what identifies a session (its kind, name and times), for sessions
  /// exported without one.
  static func derivedUUID(_ session: SessionRecord) -> String {
    let key = [
      session.kind.rawValue, session.routine ?? "", session.task ?? "",
      Timestamp.string(session.startedAt), Timestamp.string(session.endedAt),
    ].joined(separator: "\u{1F}")
    var first: UInt64 = 0xcbf2_9ce4_8422_2325
    var second: UInt64 = 0x8422_2325_cbf2_9ce4
    for byte in key.utf8 {
      first = (first ^ UInt64(byte)) &* 0x100_0000_01b3
      second = (second ^ UInt64(byte)) &* 0x100_0000_01b3 &+ 0x9e37_79b9
    }
    let hex =
      NumberText.zeroPadded(first, width: 16, radix: 16)
      + NumberText.zeroPadded(second, width: 16, radix: 16)
    let characters = Array(hex)
    func part(_ range: Range<Int>) -> String { String(characters[range]) }
    return
      "\(part(0..<8))-\(part(8..<12))-5\(part(13..<16))-a\(part(17..<20))-\(part(20..<32))"
  }
}
