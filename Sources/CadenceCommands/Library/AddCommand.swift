import CadenceArguments
import CadenceOutput
import CadenceRunning
import CadenceStore
import CadenceSystem
import CadenceText

/// `cadence add FILE|-`: checks a shared routine and copies it into the library; one that does
/// not check is refused with the reasons, and nothing is written.
struct AddCommand: CadenceCommand {
  static let name = Option<String>(
    "name", value: "NAME",
    help: "Adds it under this name (by default the file's name; needed for standard input).")
  static let force = Flag("force", help: "Replaces a routine of the same name in the library.")
  static let file = Positional<String>(
    "FILE", help: "The routine file, or - for standard input.", kind: .file)

  static let spec = CommandSpec(
    name: "add",
    abstract: "Checks a shared routine and copies it into your library, to run by its name.",
    discussion: """
      The library is the first folder of $CADENCE_ROUTINES, or else
      $XDG_CONFIG_HOME/cadence/routines (~/.config/cadence/routines). A routine that does not
      check is refused with the reasons and nothing is written. Adding does not trust it
      (cadence trust NAME does).
      """,
    examples: [
      "cadence add ~/Downloads/hiit.lua",
      "cadence show tabata | cadence add - --name my-tabata",
    ],
    options: [name.spec, force.spec],
    positionals: [file.spec]
  )

  var file: String
  var name: String
  var force: Bool

  init(arguments: ParsedArguments) throws(UsageError) {
    file = arguments[Self.file]!
    force = arguments[Self.force]
    if let given = arguments[Self.name] {
      name = given.hasSuffix(".lua") ? String(given.dropLast(4)) : given
    } else if file == "-" {
      throw UsageError(
        "reading a routine from standard input, cadence add needs --name NAME",
        usage: Self.spec.usage)
    } else {
      let base = PathText.lastComponent(file)
      name = base.hasSuffix(".lua") ? String(base.dropLast(4)) : base
    }
    guard RoutineLibrary.isNewName(name) else {
      throw UsageError(
        "\(QuotedText.quote(name)) cannot name a routine; use letters, digits, - and _ (give --name)",
        usage: Self.spec.usage)
    }
  }

  func run(context: CommandContext) -> ExitCode {
    let label = file == "-" ? "standard input" : file
    var summary = ""
    let added = RoutineLibrary.newRoutine(file).flatMap { bytes in
      RoutineLibrary(environment: context.environment).add(bytes, as: name, replacing: force) {
        () throws(CommandFailure) in
        switch RoutineCompilation.compile(
          source: bytes, path: label, overrides: [], context: context)
        {
        case .success(let compiled): summary = ScheduleSummary.line(compiled.schedule)
        case .failure(let failure):
          _ = failure.report(to: context.console)
          throw CommandFailure(
            "\(TerminalText.line(label)): refused, and nothing was added; fix it (cadence check shows every problem) and add it again",
            exitCode: failure.exitCode == .usage ? .dataError : failure.exitCode)
        }
      }
    }
    switch added {
    case .success(let destination):
      context.console.out(
        "Added \(TerminalText.line(name)) (\(summary)) to \(TerminalText.line(destination)); run it with cadence run \(TerminalText.line(name))\n"
      )
      return .success
    case .failure(let failure): return failure.report(to: context.console)
    }
  }
}
