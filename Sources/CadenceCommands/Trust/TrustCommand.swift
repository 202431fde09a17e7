import CadenceArguments
import CadenceStore
import CadenceSystem

/// `cadence trust FILE|NAME`, `--list`, `--revoke`: which routines' hooks may run commands.
struct TrustCommand: CadenceCommand {
  static let list = Flag("list", help: "Lists the trusted routines, and whether each is unchanged.")
  static let revoke = Flag("revoke", help: "Stops trusting the routine.")
  static let routine = Positional<String>(
    "FILE|NAME", help: "The routine to trust.", minimum: 0, maximum: 1)

  static let spec = CommandSpec(
    name: "trust",
    abstract: "Lets a routine's hooks run commands (actions); --list and --revoke manage them.",
    discussion: """
      A hook may return actions besides a message, such as
      actions = { { run = { "notify-send", "Done" }, timeout = "5s" } }: each a command as a
      list of arguments (never a shell), at most 8 a call and 4 KB in all, with a time limit
      from 1ms to 1m (5s when absent). They run only for a routine you trust: trust records
      its path and the SHA-256 of its text, and both must match, so an edited file (or a copy
      elsewhere) is not trusted until you trust it.
      Cadence runs each off the timer's path, in a session and process group of its own (no
      terminal) that is killed whole at the time limit, its output captured (the first 4 KB
      kept); a failure is told once. An untrusted routine's actions are reported once and
      skipped; its messages still show. simulate shows what actions would run and runs none.
      """,
    examples: [
      "cadence trust ~/routines/study.lua", "cadence trust --list",
      "cadence trust --revoke ~/routines/study.lua",
    ],
    options: [list.spec, revoke.spec],
    positionals: [routine.spec],
    exclusive: [["list", "revoke"]]
  )

  var routine: String?
  var listing: Bool
  var revoking: Bool

  init(arguments: ParsedArguments) throws(UsageError) {
    routine = arguments[Self.routine]
    listing = arguments[Self.list]
    revoking = arguments[Self.revoke]
    if listing, routine != nil {
      throw UsageError(
        "--list takes no routine; leave out the routine or --list", usage: Self.spec.usage)
    }
    if !listing, routine == nil {
      throw UsageError("cadence trust needs FILE|NAME, or --list", usage: Self.spec.usage)
    }
  }

  func run(context: CommandContext) -> ExitCode {
    let store = TrustStore(environment: context.environment)
    guard let routine else {
      context.console.out(store.reviewText())
      return .success
    }
    let library = RoutineLibrary(environment: context.environment)
    switch store.change(routine, revoking: revoking, library: library) {
    case .success(let done):
      context.console.out(done + "\n")
      return .success
    case .failure(let failure): return failure.report(to: context.console)
    }
  }
}
