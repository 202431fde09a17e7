import CadenceCore
import CadenceText
import FoundationEssentials

/// A routine file loaded into its own Lua worker: the table it returned, ready to compile, and
/// the worker that holds its hooks.
public final class RoutineFile {
  /// The largest routine file Cadence reads.
  public static let maximumSize = Routine.maximumFileSize
  /// How much longer than the loading allowance Cadence waits before it stops the worker: the
  /// allowance starts once the text is compiled, and the worker has to start first.
  public static let loadGrace = 0.5

  /// The path as the user gave it, used in every message.
  public let path: String
  public let document: ScriptValue?
  public let limits: SandboxLimits
  /// The worker process that ran the file and keeps its state for the hooks.
  let worker: LuaWorker
  private var output: (text: String, truncated: Bool)
  /// The file's bytes, for hashing and records.
  public let source: [UInt8]

  /// Reads and runs the routine file at `path` in a new sandbox.
  public convenience init(path: String, limits: SandboxLimits = SandboxLimits())
    throws(RoutineFileError)
  {
    let source = try RoutineFileReader.read(path, maximumSize: Self.maximumSize)
    try self.init(source: source, path: path, limits: limits)
  }

  /// Runs routine text that did not come from a file; `path` names it in messages.
  public init(source: [UInt8], path: String, limits: SandboxLimits = SandboxLimits())
    throws(RoutineFileError)
  {
    self.path = path
    self.source = source
    self.limits = limits
    // Lua takes any chunk that starts with ESC for a precompiled one.
    if source.first == 0x1B { throw .script(.binaryChunk(path)) }
    do {
      worker = try LuaWorker(memory: limits.memory)
    } catch {
      throw .script(.worker(chunk: path, failure: error))
    }
    var request = WireWriter(.load, capacity: source.count + 128)
    request.i64(Int64(limits.loadInstructions))
    request.f64(limits.loadSeconds)
    request.text("=" + ChunkNames.luaName(for: path))
    request.raw(source)
    let seconds = limits.loadSeconds + Self.loadGrace
    let reply: WorkerReply
    do throws(WorkerFailure) {
      reply = try worker.request(
        request.frame(), limit: WorkerProtocol.loadReplyLimit, seconds: seconds)
    } catch {
      switch error {
      case .timedOut: throw .script(.stopped(chunk: path, seconds: seconds))
      case .crashed(let signal): throw .script(.crashed(chunk: path, signal: signal))
      default: throw .script(.worker(chunk: path, failure: error))
      }
    }
    switch reply {
    case .loaded(let text, let truncated, let value):
      document = value
      output = (text, truncated)
    case .loadFailed(let status, let trip, let syntax, let message):
      throw .script(
        ChunkNames.loadError(
          message: message, status: status, trip: trip, syntax: syntax, chunk: path,
          limits: limits))
    case .tooComplex(reason: 1):
      throw .script(.tooDeep(chunk: path))
    case .tooComplex:
      throw .script(.tooMuchText(chunk: path))
    case .hooks:
      throw .script(
        .worker(chunk: path, failure: worker.stop(because: .malformed("a hook reply to a load"))))
    }
  }

  /// What the file's own print calls wrote while it loaded; taking it empties it.
  public func takeOutput() -> (text: String, truncated: Bool) {
    defer { output = ("", false) }
    return output
  }

  /// The worker's process id, for the tests that look at it.
  public var workerID: Int32 { worker.pid }

  /// The routine's name when it gives none: the file name without `.lua`.
  public var defaultName: String { Self.defaultName(of: path) }

  /// The name of a routine at `path` that gives none: the file name without `.lua`.
  public static func defaultName(of path: String) -> String {
    let file = PathText.lastComponent(path)
    return file.hasSuffix(".lua") ? String(file.dropLast(4)) : file
  }

  /// Validates the returned table into a routine, with the command line's overrides.
  public func routine(overrides: [(name: String, value: String)] = []) throws(RoutineError)
    -> Routine
  {
    try RoutineReader.read(document, defaultName: defaultName, overrides: overrides)
  }
}
