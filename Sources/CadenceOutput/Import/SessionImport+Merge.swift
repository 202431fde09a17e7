import CadenceStore
import CadenceSystem
import CadenceText
import FoundationEssentials

extension SessionImport {
  /// `cadence history import FILE`: merges another machine's `history --json` (standard input
  /// for `-`) into the database at `database` by session id, in one transaction, so that a bad
  /// file changes nothing (the database is not made before the whole file is read and held to
  /// what Cadence records) and importing twice adds nothing. Gives how many sessions were
  /// added and how many were here already, or why none was.
  public static func merge(_ file: String, into database: String, now: Date) -> Result<
    (added: Int, known: Int), CommandFailure
  > {
    let shown = file == "-" ? "standard input" : TerminalText.line(file)
    let sessions: [SessionRecord]
    switch read(file) {
    case .success(let bytes):
      do throws(Problem) {
        sessions = try parse(bytes, now: now)
      } catch {
        return .failure(
          CommandFailure("\(shown): \(error.sentence); nothing was imported", exitCode: .dataError))
      }
    case .failure(.tooLarge(let limit)):
      return .failure(
        CommandFailure(
          "\(shown): is larger than \(RegularFile.size(limit)), more than any history --json export; nothing was imported",
          exitCode: .dataError))
    case .failure(let failure):
      return .failure(
        CommandFailure(
          file == "-"
            ? "standard input: cannot be read; pipe a file made by history --json into it"
            : failure == .missing
              ? "\(shown): no such file, or it cannot be read; check the path (history --json > FILE makes one)"
              : "\(shown): \(failure.clause); name a file made by history --json > FILE",
          exitCode: .noInput))
    }
    do throws(StoreError) {
      let added = try Store(path: database).sessionTable.merge(sessions)
      return .success((added, sessions.count - added))
    } catch {
      return .failure(CommandFailure(error.description, exitCode: StoreFailure.exitCode(error)))
    }
  }

  /// The file's bytes, or standard input's, at most ``maximumSize``.
  private static func read(_ file: String) -> Result<[UInt8], RegularFile.Failure> {
    file == "-"
      ? RegularFile.read(Descriptor.standardInput, limit: maximumSize)
      : RegularFile.read(file, limit: maximumSize)
  }
}
