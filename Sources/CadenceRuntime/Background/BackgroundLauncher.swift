import CadenceSystem
import CadenceText

/// Starts a run in a background process of its own: Cadence itself, in a new session with no
/// terminal, its errors appended to a log in the runtime folder. Waits until the run is ready
/// (its control socket listening) and returns its id; the one reader of `ReadyHandshake`.
public enum BackgroundLauncher {
  /// The hidden command the background process runs: `cadence __background run ARGS...`.
  public static let command = "__background"

  public struct Started: Sendable {
    public var id: String
    public var socket: String
  }

  /// Why the run could not be started: a sentence for the user.
  public struct Failure: Error, Sendable {
    public var description: String
    /// Whether the folder for run sockets (or the log) could not be made: 73 rather than 70.
    public var cannotCreate: Bool

    init(_ description: String, cannotCreate: Bool = false) {
      self.description = description
      self.cannotCreate = cannotCreate
    }
  }

  /// Starts `cadence __background ARGUMENTS` with `environment`, handing it `handing` (a
  /// routine compiled here) on its standard input; the error is a sentence for the user.
  public static func launch(
    _ arguments: [String], environment: [String: String], handing: HandedRoutine? = nil
  ) -> Result<Started, Failure> {
    let directory = RuntimeDirectory(environment: environment)
    if let problem = directory.prepare() {
      return .failure(Failure(problem, cannotCreate: true))
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
    var input: (read: Int32, write: Int32)?
    if handing != nil {
      switch Descriptor.pipe() {
      case .success(let pipe): input = pipe
      case .failure(let error):
        Descriptor.close(ends.read)
        Descriptor.close(ends.write)
        return .failure(Failure("Cannot start the background run (\(error))."))
      }
    }
    let spawned = Processes.spawnDetached(
      executable, [command] + arguments, environment: environment, ready: ends.write,
      log: directory.log, input: input?.read ?? -1)
    Descriptor.close(ends.write)
    defer { Descriptor.close(ends.read) }
    if let input {
      Descriptor.close(input.read)
      // Read by the background process before anything else; if it has gone meanwhile, the
      // write fails (SIGPIPE is ignored) and the answer below says so.
      if case .success = spawned, let handing {
        _ = Descriptor.writeAll(input.write, handing.encoded)
      }
      Descriptor.close(input.write)
    }
    let pid: Int32
    switch spawned {
    case .success(let child): pid = child
    case .failure(let error) where error == .linkLoop:
      return .failure(
        Failure(
          "\(TerminalText.line(directory.log)): is a symbolic link, which Cadence never makes, so the background run was not started; remove the link",
          cannotCreate: true))
    case .failure(let error):
      return .failure(Failure("Cannot start the background run (\(error))."))
    }
    switch ReadyHandshake.answer(from: ends.read) {
    case .ready(let id):
      return .success(Started(id: id, socket: directory.socket(id)))
    case .refused(let sentence):
      Processes.reap(pid)
      return .failure(Failure(sentence))
    case .ended:
      Processes.reap(pid)
      return .failure(
        Failure(
          "The background run ended before it was ready; its errors are in \(directory.log)."))
    }
  }
}
