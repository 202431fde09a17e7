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
    let trusted = store.entries()
    guard let routine else {
      if trusted.isEmpty { context.console.out("No routine is trusted.\n") }
      for entry in trusted {
        let now = RoutineLibrary.Entry.text(atPath: entry.path).map(SHA256.hex)
        let state =
          now == nil ? "missing" : now == entry.digest ? "unchanged" : "changed since (not trusted)"
        context.console.out(
          "\(entry.digest.prefix(12))  \(TerminalText.line(entry.path))  \(state)\n")
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
    // One entry a routine: trusting it again replaces its entry, revoking removes it (the file
    // need not be there any more).
    var kept = trusted.filter { !TrustStore.same($0.path, recorded) }
    var digest = ""
    if !revoking {
      guard let text = found.text() else {
        context.console.problem(
          "\(TerminalText.line(found.displayPath)): cannot be read; check that it exists and you may read it"
        )
        return .noInput
      }
      digest = SHA256.hex(text)
      kept.append(TrustStore.Entry(digest: digest, path: recorded))
    }
    do throws(Errno) {
      // Revoking what was not trusted changes nothing, and writes (or creates) nothing.
      if !revoking || kept.count != trusted.count { try store.save(kept) }
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
    if revoking {
      context.console.out(
        kept.count == trusted.count
          ? "\(shown) was not trusted.\n"
          : "\(shown) is no longer trusted: its hooks' actions will be skipped.\n")
    } else {
      context.console.out(
        "Trusted \(shown) (SHA-256 \(digest.prefix(12))…): its hooks' actions will run. Editing it ends the trust.\n"
      )
    }
    return .success
  }
}
