import CadenceCore
import CadenceStore
import CadenceText
import FoundationEssentials

/// One session of a `history --json` export, read field by field and held to what Cadence
/// itself can record (``SessionLimits``): the first field that is not is refused by name.
struct SessionFields {
  /// Why a session cannot be imported: the field and what is wrong with it, as a clause.
  struct Refusal: Error {
    var clause: String
  }

  /// The members as written (a name given twice counts as its last).
  let members: [(String, JSONValue)]

  init(_ value: JSONValue) throws(Refusal) {
    guard case .object(let list) = value else {
      throw Refusal(clause: "is not an object with the fields history --json prints")
    }
    members = list
  }

  /// A member's value; a short list searched from its end is quicker than hashing.
  func member(_ key: String) -> JSONValue? {
    members.last { $0.0 == key }?.1
  }

  func session(now: Date) throws(Refusal) -> SessionRecord {
    guard let kind = SessionRecord.Kind(rawValue: try text("kind") ?? "") else {
      throw Refusal(clause: "kind must be routine, timer, focus or break")
    }
    let started = try time("started_at", now: now)
    let ended = try time("ended_at", now: now)
    guard ended >= started else {
      throw Refusal(
        clause:
          "ended_at \(Timestamp.string(ended)) is before started_at \(Timestamp.string(started))")
    }
    guard let outcome = SessionRecord.Outcome(rawValue: try text("outcome") ?? "") else {
      throw Refusal(clause: "outcome must be completed or stopped")
    }
    let longest = "\(DurationText.format(SessionLimits.longest)), the longest a routine can be"
    let planned = try number("planned_ms", upTo: SessionLimits.longest, limit: longest)
    let active = try number("active_ms", upTo: SessionLimits.longest, limit: longest)
    let done = try number("segments_done", upTo: SessionLimits.segments, limit: "a routine's")
    let skipped = try number(
      "segments_skipped", upTo: SessionLimits.segments, limit: "a routine's")
    let pauses = try number("pauses", upTo: SessionLimits.pauses, limit: nil)
    let coins = try number(
      "coins", upTo: SessionLimits.coins, limit: "a coin a minute of the longest session")
    let tags = TagList.split(try text("tags", upTo: SessionLimits.tags * 41))
    guard tags.count <= SessionLimits.tags else {
      throw Refusal(
        clause: "tags has \(tags.count) tags; a session has at most \(SessionLimits.tags)")
    }
    if let bad = tags.first(where: { TagText.problem(with: $0) != nil }) {
      throw Refusal(clause: "tags: \(QuotedText.quote(bad)) \(TagText.problem(with: bad)!)")
    }
    let id = try text("id")
    var record = SessionRecord(
      uuid: id ?? "", kind: kind, routine: try text("routine", upTo: SessionLimits.routineName),
      task: try text("task", upTo: SessionLimits.taskName),
      goal: try text("goal", upTo: SessionLimits.taskName), tags: tags, startedAt: started,
      endedAt: ended, plannedMilliseconds: planned, activeMilliseconds: active, outcome: outcome,
      segmentsDone: Int(done), segmentsSkipped: Int(skipped), pauses: Int(pauses),
      note: try text("note", upTo: SessionLimits.note), coins: Int(coins),
      resumed: try flag("resumed"))
    if let id {
      guard let uuid = Self.uuid(id) else {
        throw Refusal(clause: "id \(QuotedText.quote(String(id.prefix(40)))) is not a UUID")
      }
      record.uuid = uuid
    } else {
      // An export from before sessions had ids: the same session always gets the same one.
      record.uuid = SessionImport.derivedUUID(record)
    }
    return record
  }

  /// A text field, or nil when it is missing or null; refused when it is another kind of
  /// value or longer than `limit` characters.
  func text(_ key: String, upTo limit: Int = 100) throws(Refusal) -> String? {
    switch member(key) {
    case nil, .null?: return nil
    case .string(let value)?:
      // Counting characters is slow on long text: bytes first, as a character has at least one.
      guard value.utf8.count <= limit || value.count <= limit else {
        throw Refusal(
          clause: "\(key) is \(value.count) characters long, more than the \(limit) Cadence records"
        )
      }
      return value
    default:
      throw Refusal(clause: "\(key) must be text or null")
    }
  }

  /// A whole number from 0 to `maximum`; 0 when missing.
  func number(_ key: String, upTo maximum: Int64, limit: String?) throws(Refusal) -> Int64 {
    let value: Int64?
    switch member(key) {
    case nil, .null?: value = key.hasSuffix("_ms") ? nil : 0
    case .int(let number)?: value = number
    case .double(let number)?: value = Int64(exactly: number)
    default: value = nil
    }
    guard let value else {
      throw Refusal(clause: "\(key) must be a whole number from 0 to \(maximum)")
    }
    guard value >= 0, value <= maximum else {
      throw Refusal(
        clause:
          "\(key) is \(value), but it must be from 0 to \(maximum)"
          + (limit.map { " (\($0))" } ?? ""))
    }
    return value
  }

  /// A time from `SessionLimits.earliest` to a day past `now`.
  func time(_ key: String, now: Date) throws(Refusal) -> Date {
    guard let text = try text(key, upTo: 40), let date = Timestamp.date(text) else {
      throw Refusal(clause: "\(key) must be a time such as 2026-11-30T09:00:00.000Z")
    }
    guard date >= SessionLimits.earliest else {
      throw Refusal(clause: "\(key) \(text) is before 2000, earlier than Cadence records")
    }
    guard date <= now.addingTimeInterval(SessionLimits.clockSkew) else {
      throw Refusal(clause: "\(key) \(text) is in the future, so no run can have recorded it")
    }
    return date
  }

  func flag(_ key: String) throws(Refusal) -> Bool {
    switch member(key) {
    case nil, .null?: return false
    case .bool(let value)?: return value
    default: throw Refusal(clause: "\(key) must be true or false")
    }
  }

  /// A UUID in its usual lower-case form (`8-4-4-4-12` hex digits); nil when `text` is not one.
  static func uuid(_ text: String) -> String? {
    let bytes = Array(text.utf8)
    guard bytes.count == 36 else { return nil }
    var lowered: [UInt8] = []
    lowered.reserveCapacity(36)
    for (offset, byte) in bytes.enumerated() {
      if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
        guard byte == UInt8(ascii: "-") else { return nil }
        lowered.append(byte)
        continue
      }
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"):
        lowered.append(byte)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): lowered.append(byte | 0x20)
      default: return nil
      }
    }
    return String(decoding: lowered, as: UTF8.self)
  }
}
