import CadenceRuntime
import CadenceSystem
import CadenceText

#if canImport(Glibc)
  import Glibc
#endif

/// Starts a run in a background process of its own: Cadence itself, in a new session with no
/// terminal, its errors appended to a log in the runtime folder. Waits until the run is ready
/// (its control socket listening) and returns its id.
enum BackgroundLauncher {
  /// The hidden command the background process runs: `cadence __background run ARGS...`.
  static let command = "__background"

  struct Started {
    var id: String
    var socket: String
  }

  /// Why the run could not be started: a sentence for the user, and the status to exit with.
  struct Failure: Error {
    var description: String
    /// 73 when the folder for run sockets cannot be made; otherwise 70, Cadence failed.
    var status: ExitCode = .software

    init(_ description: String, status: ExitCode = .software) {
      self.description = description
      self.status = status
    }
  }

  /// Starts `cadence __background ARGUMENTS`; the error is a sentence for the user.
  static func launch(_ arguments: [String], context: CommandContext) -> Result<Started, Failure> {
    let directory = RuntimeDirectory(environment: context.environment)
    if let problem = directory.prepare() {
      return .failure(Failure(problem, status: .cannotCreate))
    }
    guard let executable = Processes.executablePath() else {
      return .failure(
        Failure("Cadence cannot find its own program to start the background run."))
    }
    let ends: (read: Int32, write: Int32)
    switch Descriptor.pipe() {
    case .success(let pipe): ends = pipe
    case .failure(let error):
      return .failure(Failure("Cannot start the background run (\(error))."))
    }
    let spawned = Processes.spawnDetached(
      executable, [command] + arguments, environment: context.environment, ready: ends.write,
      log: directory.log)
    Descriptor.close(ends.write)
    defer { Descriptor.close(ends.read) }
    let pid: Int32
    switch spawned {
    case .success(let child): pid = child
    case .failure(let error) where error.code == ELOOP:
      return .failure(
        Failure(
          "\(TerminalText.line(directory.log)): is a symbolic link, which Cadence never makes, so the background run was not started; remove the link",
          status: .cannotCreate))
    case .failure(let error):
      return .failure(Failure("Cannot start the background run (\(error))."))
    }
    var said: [UInt8] = []
    while case .success(let bytes) = Descriptor.read(ends.read, limit: 4096), !bytes.isEmpty {
      said += bytes
      if said.contains(10) { break }
    }
    let line = String(decoding: said.prefix { $0 != 10 }, as: UTF8.self)
    if line.hasPrefix("ready ") {
      let id = String(line.dropFirst(6))
      return .success(Started(id: id, socket: directory.socket(id)))
    }
    Processes.reap(pid)
    if line.hasPrefix("error ") { return .failure(Failure(String(line.dropFirst(6)))) }
    return .failure(
      Failure(
        "The background run ended before it was ready; its errors are in \(directory.log)."))
  }
}
