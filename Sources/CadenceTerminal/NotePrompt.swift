import CadenceCore
import CadenceOutput
import CadenceStore
import CadenceSystem
import CadenceText
import CadenceTime
import FoundationEssentials

/// Asks, once, for the note a task's session still owes because its mandatory break ended in
/// the background (``SessionNote``): at the start of an interactive `focus`, `attach` or
/// `today`. Enter alone skips it; either way it is not asked again.
public enum NotePrompt {
  /// Whether someone is at this terminal to answer: standard output a terminal, and standard
  /// input this process's terminal, in the foreground.
  public static func interactive(_ context: CommandContext) -> Bool {
    context.console.isTerminal && Terminal.isForeground()
  }

  /// Asks for the note owed in the database at `path`, if one is and someone can answer. A
  /// database that cannot be read or written is left for the command itself to report.
  public static func offer(databasePath path: String, context: CommandContext) {
    guard interactive(context), let store = try? Store.existing(path: path) else { return }
    offer(store: store, context: context)
  }

  /// Asks for the note owed in `store`, if one is and someone can answer.
  public static func offer(store: Store, context: CommandContext) {
    guard let owed = try? store.owedNote(),
      SessionNote.asks(owed: true, interactive: interactive(context))
    else { return }
    let task = TerminalText.line(owed.task ?? "the session")
    let what = describe(owed, timeZone: context.timeZone)
    context.console.out(
      "T\(what.dropFirst()) has no note: its break ended in the background.\nNote (Enter skips): ")
    let line = readLine(strippingNewline: true)
    let note = line.map { String($0.prefix(SessionRecord.maximumNoteLength)) } ?? ""
    do throws(StoreError) {
      try store.writable().settleOwedNote(note)
    } catch {
      context.console.problem(error.description)
      return
    }
    context.console.out(
      note.isEmpty
        ? "No note; cadence note adds one later.\n"
        : "Saved the note on \(task).\n")
  }

  /// `the focus on Essay of 2026-03-02 09:15`: a session as the prompt and `cadence note`
  /// name it.
  public static func describe(_ session: SessionRecord, timeZone: Zone) -> String {
    let task = session.task.map { " on \(TerminalText.line($0))" } ?? ""
    return
      "the \(session.kind.rawValue)\(task) of \(HistoryTable.localTime(session.startedAt, timeZone: timeZone))"
  }

  /// What `cadence note` says once the note is written: the session and the note, quoted
  /// (and so escaped for the terminal) once.
  public static func noted(_ text: String, on session: SessionRecord, timeZone: Zone) -> String {
    "Noted \(describe(session, timeZone: timeZone)): \(QuotedText.quote(text)).\n"
  }
}
