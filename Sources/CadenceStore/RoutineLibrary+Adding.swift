import CadenceCore
import CadenceSystem
import CadenceText
import FoundationEssentials

/// `cadence add`: a shared routine copied into the library, whole or not at all.
extension RoutineLibrary {
  /// The text of a routine to add, from `file` or standard input (`-`), at most the size a
  /// routine may be: reading stops there, so an endless stream costs no more.
  public static func newRoutine(_ file: String) -> Result<[UInt8], CommandFailure> {
    let shown = file == "-" ? "standard input" : TerminalText.line(file)
    let read =
      file == "-"
      ? RegularFile.read(Descriptor.standardInput, limit: Routine.maximumFileSize)
      : RegularFile.read(file, limit: Routine.maximumFileSize)
    return read.mapError { failure in
      switch failure {
      case .tooLarge(let limit):
        return CommandFailure(
          "\(shown): is larger than \(RegularFile.size(limit)), too large to be a routine; nothing was added",
          exitCode: .dataError)
      case .missing, .unreadable:
        return CommandFailure(
          "\(shown): no such file, or it cannot be read; check the path", exitCode: .noInput)
      default:
        return CommandFailure(
          "\(shown): \(failure.clause); name a routine's .lua file", exitCode: .noInput)
      }
    }
  }

  /// Writes `text` into the library as `name`.lua, making the folder when it is missing, and
  /// gives the file written. A routine of that name is replaced only when `replacing`.
  /// `check` runs once the library is known to be there, before anything is written: the
  /// failure it throws ends the adding, and nothing is written.
  public func add(
    _ text: [UInt8], as name: String, replacing: Bool, check: () throws(CommandFailure) -> Void
  ) -> Result<String, CommandFailure> {
    guard let home else {
      return .failure(
        CommandFailure(
          "CADENCE_ROUTINES, XDG_CONFIG_HOME and HOME are all unset, so there is no library to add to; set one of them",
          exitCode: .cannotCreate))
    }
    do throws(CommandFailure) { try check() } catch { return .failure(error) }
    let destination = "\(home)/\(name).lua"
    let shown = TerminalText.line(destination)
    if !replacing, FileManager.default.fileExists(atPath: destination) {
      return .failure(
        CommandFailure(
          "\(shown): already in your library; give --force to replace it, or --name to add it under another name",
          exitCode: .cannotCreate))
    }
    do {
      try FileManager.default.createDirectory(
        atPath: home, withIntermediateDirectories: true, attributes: nil)
    } catch {
      return .failure(
        CommandFailure(
          "\(shown): cannot be written (\(Errno.reason(error))); check the folder's permissions",
          exitCode: .cannotCreate))
    }
    if case .failure(let failure) = OutputFile.write(text, to: destination) {
      return .failure(
        CommandFailure(
          failure.isCannotCreate
            ? "\(shown): cannot be written (\(failure.errno)); check the folder's permissions"
            : failure.sentence, exitCode: failure.exitCode))
    }
    return .success(destination)
  }
}
