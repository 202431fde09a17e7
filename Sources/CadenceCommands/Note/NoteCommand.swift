import CadenceArguments
import CadenceCore
import CadenceOutput
import CadenceStore
import CadenceSystem
import CadenceTerminal
import CadenceText
import CadenceTime
import FoundationEssentials

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
    positionals: [
      PositionalSpec(
        "[SESSION] TEXT", help: "The session's id (the last one when left out), then the note.",
        minimum: 1, maximum: 2)
    ]
  )

  var session: String?
  var text: String
  var database: String?

  init(arguments: ParsedArguments) throws(UsageError) {
    let given = arguments.positionals
    session = given.count == 2 ? given[0] : nil
    text = given[given.count - 1]
    database = arguments[CommonOptions.database]
    if let refusal = SessionNote.refusal(of: text, as: "a note") {
      throw UsageError(refusal.sentence, usage: Self.spec.usage)
    }
  }

  func run(context: CommandContext) -> ExitCode {
    let path = Store.defaultPath(flag: database, environment: context.environment)
    do throws(StoreError) {
      let store = try Store.existing(path: path)
      let found: SessionRecord
      switch try store.noteTarget(session) {
      case .success(let session): found = session
      case .failure(let refusal):
        return PlanningInput.Refusal(
          sentence: refusal.sentence, status: refusal == .noneFinished ? .unavailable : .dataError
        ).report(to: context.console)
      }
      try store.writable().note(text, session: found.uuid)
      let what = NotePrompt.describe(found, timeZone: context.timeZone)
      context.console.out("Noted \(what): \(QuotedText.quote(TerminalText.line(text))).\n")
      return .success
    } catch {
      context.console.problem(error.description)
      return StoreFailure.exitCode(error)
    }
  }
}
