import CadenceArguments
import CadenceCore
import CadenceStore
import CadenceSystem
import CadenceTerminal

/// `cadence note [SESSION] TEXT`: adds or changes a session's note afterwards (seed 003).
struct NoteCommand: CadenceCommand {
  static let spec = CommandSpec(
    name: "note",
    abstract: "Adds or changes the note of a finished session.",
    discussion: """
      SESSION is a session's id, as cadence history --json shows it (or enough of its start to
      name one session). Without it, the note goes on the last finished session; after a
      task's focus and its mandatory break, on that focus, where the note after the break is
      saved. TEXT replaces any note the session had; a note the session still owed (its break
      ended in the background) is then no longer asked for.
      """,
    examples: [
      "cadence note \"Outline done; start on the sources\"",
      "cadence note --db ~/study.db \"Two pages\"",
    ],
    options: [.database],
    positionals: [session.spec, text.spec]
  )

  static let session = Positional<String>(
    "SESSION", help: "The session's id (the last finished one when left out).", minimum: 0)
  static let text = Positional<String>("TEXT", help: "The note.") { text in
    if let refusal = SessionNote.refusal(of: text, as: "a note") {
      return .failure(ArgumentRefusal(refusal.sentence))
    }
    return .success(text)
  }

  var session: String?
  var text: String
  var database: String?

  init(arguments: ParsedArguments) throws(UsageError) {
    session = arguments[Self.session]
    text = arguments[Self.text]!
    database = arguments[CommonOptions.database]
  }

  func run(context: CommandContext) -> ExitCode {
    Store.using(database, context, usage: Self.spec.usage) { store in
      let session = try store.note(text, on: session)
      context.console.out(NotePrompt.noted(text, on: session, timeZone: context.timeZone))
      return .success
    }
  }
}
