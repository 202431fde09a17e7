import CadenceArguments
import CadenceStore
import CadenceSystem
import CadenceText

/// `cadence show NAME`: the text of a routine, as a name finds it.
struct ShowCommand: CadenceCommand {
  static let spec = CommandSpec(
    name: "show",
    abstract: "Prints the text of a routine from the library or the built-in presets.",
    discussion: """
      On a terminal, control characters in the text are shown as escapes (\\u{1B}), since a
      shared routine could hide terminal commands; piped or redirected, the text is exact, so
      cadence show gym > mine.lua makes a copy to change.
      """,
    examples: ["cadence show pomodoro", "cadence show gym > ~/gym.lua"],
    positionals: [Self.routine.spec]
  )

  static let routine = Positional<String>("FILE|NAME", help: "The routine's name, or a file.")

  var routine: String

  init(arguments: ParsedArguments) throws(UsageError) {
    routine = arguments[Self.routine]!
  }

  func run(context: CommandContext) -> ExitCode {
    let entry: RoutineLibrary.Entry
    switch RoutineLibrary(environment: context.environment).resolve(routine) {
    case .success(let found): entry = found
    case .failure(let missing): return missing.failure.report(to: context.console)
    }
    guard let bytes = entry.text() else {
      context.console.problem("\(TerminalText.line(entry.displayPath)): \(entry.whyUnreadable)")
      return .noInput
    }
    let text = String(decoding: bytes, as: UTF8.self)
    context.console.out(context.console.isTerminal ? TerminalText.block(text) : text)
    return .success
  }
}
