import FoundationEssentials

/// Seed 003's notes: the note a task's session still owes (a break that ended in the
/// background, with nobody to ask), and notes added or changed afterwards.
extension Store {
  /// The setting that holds the id of the session whose note is owed.
  static let owedNoteKey = "note.owed"

  /// Marks the session `uuid` (a task's focus) as owing its note, for the next interactive
  /// `focus`, `attach` or `today` to ask.
  public func oweNote(session uuid: String) throws(StoreError) {
    try setSetting(Self.owedNoteKey, uuid)
  }

  /// The session whose note is owed, if any is and it is still in the history.
  public func owedNote() throws(StoreError) -> SessionRecord? {
    guard let uuid = try setting(Self.owedNoteKey) else { return nil }
    return try session(uuid: uuid)
  }

  /// Settles the owed note: `note` (when not empty) saved on its session, and nothing owed
  /// any more, answered or skipped, so it is asked once.
  public func settleOwedNote(_ note: String?) throws(StoreError) {
    if let owed = try owedNote(), let note, !note.isEmpty {
      try sessionTable.setNote(note, uuid: owed.uuid)
    }
    try setSetting(Self.owedNoteKey, nil)
  }

  /// Sets the note of the session `uuid` (nil or empty removes it); a note owed by that
  /// session is then no longer owed. False when there is no such session.
  @discardableResult
  public func note(_ note: String?, session uuid: String) throws(StoreError) -> Bool {
    let text = note.flatMap { $0.isEmpty ? nil : $0 }
    guard try sessionTable.setNote(text, uuid: uuid) else { return false }
    if try setting(Self.owedNoteKey) == uuid { try setSetting(Self.owedNoteKey, nil) }
    return true
  }

  /// The session with the id `uuid`.
  public func session(uuid: String) throws(StoreError) -> SessionRecord? {
    try sessionTable.session(uuid: uuid)
  }

  /// The sessions whose id starts with `prefix` (at most `limit`).
  public func sessions(idStartingWith prefix: String, limit: Int = 2) throws(StoreError)
    -> [SessionRecord]
  {
    try sessionTable.sessions(idStartingWith: prefix, limit: limit)
  }

  /// The last `limit` sessions finished, newest first.
  public func lastSessions(_ limit: Int) throws(StoreError) -> [SessionRecord] {
    try sessionTable.last(limit)
  }
}
