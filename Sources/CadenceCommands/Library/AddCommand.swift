import CadenceArguments
import CadenceLua
import CadenceOutput
import CadenceRunning
import CadenceStore
import CadenceSystem
import CadenceText
import FoundationEssentials

/// `cadence add FILE|-`: checks a shared routine and copies it into the library; one that does
/// not check is refused with the reasons, and nothing is written.
struct AddCommand: CadenceCommand {
  static let name = Option<String>(
    "name", value: "NAME",
    help: "Adds it under this name (by default the file's name; needed for standard input).")
  static let force = Flag("force", help: "Replaces a routine of the same name in the library.")

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
    positionals: [
      PositionalSpec(
        "FILE", help: "The routine file, or - for standard input.", kind: .file)
    ]
  )

  var file: String
  var name: String
  var force: Bool

  init(arguments: ParsedArguments) throws(UsageError) {
    file = arguments.positionals[0]
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
    let shown = file == "-" ? "standard input" : TerminalText.line(file)
    let bytes: [UInt8]
    switch read() {
    case .success(let read): bytes = read
    case .failure(.tooLarge(let limit)):
      context.console.problem(
        "\(shown): is larger than \(RegularFile.size(limit)), too large to be a routine; nothing was added"
      )
      return .dataError
    case .failure(.missing), .failure(.unreadable):
      context.console.problem("\(shown): no such file, or it cannot be read; check the path")
      return .noInput
    case .failure(let failure):
      context.console.problem("\(shown): \(failure.clause); name a routine's .lua file")
      return .noInput
    }
    let library = RoutineLibrary(environment: context.environment)
    guard let home = library.home else {
      context.console.problem(
        "CADENCE_ROUTINES, XDG_CONFIG_HOME and HOME are all unset, so there is no library to add to; set one of them"
      )
      return .cannotCreate
    }
    let label = file == "-" ? "standard input" : file
    let compiled: RoutineCompilation
    switch RoutineCompilation.compile(source: bytes, path: label, overrides: [], context: context)
    {
    case .success(let result): compiled = result
    case .failure(let failure):
      _ = failure.report(to: context.console)
      context.console.problem(
        "\(shown): refused, and nothing was added; fix it (cadence check shows every problem) and add it again"
      )
      return failure.exitCode == .usage ? .dataError : failure.exitCode
    }
    let destination = "\(home)/\(name).lua"
    if !force, FileManager.default.fileExists(atPath: destination) {
      context.console.problem(
        "\(TerminalText.line(destination)): already in your library; give --force to replace it, or --name to add it under another name"
      )
      return .cannotCreate
    }
    do {
      try FileManager.default.createDirectory(
        atPath: home, withIntermediateDirectories: true, attributes: nil)
    } catch {
      context.console.problem(
        "\(TerminalText.line(destination)): cannot be written (\(Errno.reason(error))); check the folder's permissions"
      )
      return .cannotCreate
    }
    if case .failure(let failure) = OutputFile.write(bytes, to: destination) {
      context.console.problem(
        failure.isCannotCreate
          ? "\(TerminalText.line(destination)): cannot be written (\(failure.errno)); check the folder's permissions"
          : failure.sentence)
      return failure.exitCode
    }
    context.console.out(
      "Added \(TerminalText.line(name)) (\(ScheduleSummary.line(compiled.schedule))) to \(TerminalText.line(destination)); run it with cadence run \(TerminalText.line(name))\n"
    )
    return .success
  }

  /// The routine's bytes from the file or standard input, at most the size a routine may be:
  /// reading stops there, so an endless stream costs no more.
  private func read() -> Result<[UInt8], RegularFile.Failure> {
    file == "-"
      ? RegularFile.read(Descriptor.standardInput, limit: RoutineFile.maximumSize)
      : RegularFile.read(file, limit: RoutineFile.maximumSize)
  }
}
