import CadenceArguments
import CadenceCore
import CadenceOutput
import CadenceStore
import CadenceSystem
import CadenceText
import FoundationEssentials

/// `cadence history import FILE`: merges another machine's `history --json` by session id, in
/// one transaction, so a bad file changes nothing and importing twice adds nothing.
enum HistoryImport {
  static func run(file: String, _ arguments: ParsedArguments, context: CommandContext)
    -> ExitCode
  {
    let shown = file == "-" ? "standard input" : TerminalText.line(file)
    let read =
      file == "-"
      ? RegularFile.read(Descriptor.standardInput, limit: SessionImport.maximumSize)
      : RegularFile.read(file, limit: SessionImport.maximumSize)
    let bytes: [UInt8]
    switch read {
    case .success(let data): bytes = data
    case .failure(.tooLarge(let limit)):
      context.console.problem(
        "\(shown): is larger than \(RegularFile.size(limit)), more than any history --json export; nothing was imported"
      )
      return .dataError
    case .failure(let failure):
      context.console.problem(
        file == "-"
          ? "standard input: cannot be read; pipe a file made by history --json into it"
          : failure == .missing
            ? "\(shown): no such file, or it cannot be read; check the path (history --json > FILE makes one)"
            : "\(shown): \(failure.clause); name a file made by history --json > FILE")
      return .noInput
    }
    let sessions: [SessionRecord]
    do {
      sessions = try SessionImport.parse(bytes, now: context.now)
    } catch {
      context.console.problem("\(shown): \(error.sentence); nothing was imported")
      return .dataError
    }
    do {
      let store = try Store(
        path: Store.defaultPath(
          flag: arguments[CommonOptions.database], environment: context.environment))
      let added = try store.sessionTable.merge(sessions)
      let known = sessions.count - added
      context.console.out(
        "Imported \(added) session\(added == 1 ? "" : "s")"
          + (known > 0 ? "; \(known) already here" : "") + ".\n")
      return .success
    } catch {
      context.console.problem("\(error.description)")
      return StoreFailure.exitCode(error)
    }
  }
}
