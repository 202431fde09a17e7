import CadenceArguments
import CadenceStore
import CadenceSystem
import CadenceText
import FoundationEssentials

/// `cadence trust FILE|NAME`, `--list`, `--revoke`: which routines' hooks may run commands.
struct TrustCommand: CadenceCommand {
  static let list = Flag("list", help: "Lists the trusted routines, and whether each is unchanged.")
  static let revoke = Flag("revoke", help: "Stops trusting the routine.")

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
    positionals: [
      PositionalSpec("FILE|NAME", help: "The routine to trust.", minimum: 0, maximum: 1)
    ],
    exclusive: [["list", "revoke"]]
  )

  var routine: String?
  var listing: Bool
  var revoking: Bool

  init(arguments: ParsedArguments) throws(UsageError) {
    routine = arguments.positionals.first
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
      let review = store.review()
      if review.isEmpty { context.console.out("No routine is trusted.\n") }
      for (entry, state) in review {
        context.console.out(
          "\(entry.digest.prefix(12))  \(TerminalText.line(entry.path))  \(state.rawValue)\n")
      }
      return .success
    }
    let found: RoutineLibrary.Entry
    switch RoutineLibrary(environment: context.environment).resolve(routine) {
    case .success(let entry): found = entry
    case .failure(let missing): return missing.failure.report(to: context.console)
    }
    let recorded = TrustStore.location(of: found)
    let shown = TerminalText.line(recorded)
    var text: [UInt8] = []
    if !revoking {
      guard let read = found.text() else {
        context.console.problem(
          "\(TerminalText.line(found.displayPath)): cannot be read; check that it exists and you may read it"
        )
        return .noInput
      }
      text = read
    }
    do throws(Errno) {
      if revoking {
        context.console.out(
          try store.revoke(recorded)
            ? "\(shown) is no longer trusted: its hooks' actions will be skipped.\n"
            : "\(shown) was not trusted.\n")
      } else {
        let digest = try store.trust(recorded, text: text)
        context.console.out(
          "Trusted \(shown) (SHA-256 \(digest.prefix(12))…): its hooks' actions will run. Editing it ends the trust.\n"
        )
      }
    } catch {
      // A full disk or a failing one is a write that failed (74), told as every such write is.
      if let file = store.file {
        let failure = WriteFailure(output: file, errno: error, untouched: true)
        if !failure.isCannotCreate {
          context.console.problem(failure.sentence)
          return failure.exitCode
        }
      }
      context.console.problem(
        store.file.map {
          "\(TerminalText.line($0)): the trust list cannot be written (\(error)); check that you may write to its folder"
        }
          ?? "XDG_CONFIG_HOME and HOME are both unset, so there is no trust list to write; set one of them"
      )
      return .cannotCreate
    }
    return .success
  }
}
