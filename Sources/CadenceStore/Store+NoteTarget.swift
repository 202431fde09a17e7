import CadenceCore
import CadenceText

/// The session `cadence note` writes on: the one named by (the start of) its id, or, with
/// none named, the one a note goes on (``SessionNote/target(in:)``).
extension Store {
  /// Why no session is the one to note: a sentence each.
  public enum NoteTargetRefusal: Error, Equatable {
    /// No id was given and no finished session takes a note yet.
    case noneFinished
    /// No session's id starts with the one given (as the user wrote it).
    case noSuchSession(String)
    /// The id given starts the ids of several sessions.
    case several(String)

    public var sentence: String {
      switch self {
      case .noneFinished:
        return "there is no finished session to note yet; a note goes on one once it ends"
      case .noSuchSession(let given):
        return
          "there is no session with the id \(Self.shown(given)); cadence history --json shows each session's id"
      case .several(let given):
        return
          "\(Self.shown(given)) starts the ids of several sessions; give more of the id (cadence history --json shows them)"
      }
    }

    private static func shown(_ given: String) -> String {
      QuotedText.quote(given)
    }
  }

  /// The session named by `session` (the start of its id, in any case), or the one a note
  /// goes on when it is nil.
  public func noteTarget(_ session: String?) throws(StoreError)
    -> Result<SessionRecord, NoteTargetRefusal>
  {
    guard let session else {
      let last = try lastSessions(50)
      let index = SessionNote.target(
        in: last.map { SessionNote.Finished(isBreak: $0.kind == .break, task: $0.task) })
      guard let index else { return .failure(.noneFinished) }
      return .success(last[index])
    }
    let id = session.lowercased()
    let matches =
      id.isEmpty || !id.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit || $0 == "-" })
      ? [] : try sessions(idStartingWith: id)
    switch matches.count {
    case 1: return .success(matches[0])
    case 0: return .failure(.noSuchSession(session))
    default: return .failure(.several(session))
    }
  }

  /// Writes `text` as the note of the session ``noteTarget(_:)`` finds, and returns that
  /// session; refused when there is none (69 when nothing has finished yet, 65 otherwise).
  public func note(_ text: String, on session: String?) throws -> SessionRecord {
    switch try noteTarget(session) {
    case .success(let found):
      try writable().note(text, session: found.uuid)
      return found
    case .failure(let refusal):
      throw CommandRefusal(
        sentence: refusal.sentence, status: refusal == .noneFinished ? .unavailable : .dataError)
    }
  }
}
