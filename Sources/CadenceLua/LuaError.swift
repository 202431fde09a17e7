import CadenceText

/// Why a routine script could not be loaded or run. Each description is one sentence that
/// starts with where (`gym.lua:7:` when Lua knows the line) and says what to do.
public enum LuaError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The text is not valid Lua; the message carries Lua's `file:line:`.
  case syntax(String)
  /// The script raised an error; the message carries Lua's `file:line:`.
  case runtime(String)
  /// The script ran more instructions than it is allowed.
  case instructionBudget(location: String, budget: Int)
  /// The script ran longer than its wall-clock allowance (inside a C function, say).
  case deadline(location: String, seconds: Double)
  /// The script allocated more than its memory allowance.
  case memory(chunk: String, limit: Int)
  /// A binary (precompiled) chunk, which the sandbox refuses.
  case binaryChunk(String)
  /// The returned value is too deep or too large to be a routine.
  case tooComplex(chunk: String, reason: String)
  /// The interpreter could not be started at all.
  case unavailable
  /// Loading ran past the deadline Cadence holds (stuck in a C function, say) and the worker
  /// was stopped.
  case stopped(chunk: String, seconds: Double)
  /// The Lua interpreter crashed while loading the routine.
  case crashed(chunk: String, signal: Int32)
  /// The worker could not be started, ended, or answered what it should not: what happened.
  case worker(chunk: String, failure: WorkerFailure)

  public var description: String {
    switch self {
    case .syntax(let message), .runtime(let message):
      // Lua quotes the source near a syntax error, and a script's error is its own text: either
      // may hold a line break, and the description is one line wherever it is shown.
      return TerminalText.line(message)
    case .instructionBudget(let location, let budget):
      return
        "\(location) the script ran past its budget of \(budget) instructions; look for an endless loop"
    case .deadline(let location, let seconds):
      return
        "\(location) the script ran past its time allowance of \(Self.formatSeconds(seconds)); look for a slow pattern or a huge string"
    case .memory(let chunk, let limit):
      return
        "\(chunk): the script used more than its memory allowance of \(limit >> 20) MB; look for a table or string that grows without end"
    case .binaryChunk(let chunk):
      return
        "\(chunk): the file starts like precompiled Lua (the byte ESC); Cadence only loads routines written as Lua text"
    case .tooComplex(let chunk, let reason):
      return "\(chunk): \(reason)"
    case .unavailable:
      return "the Lua interpreter could not be started; the machine may be out of memory"
    case .stopped(let chunk, let seconds):
      return
        "\(chunk): loading ran past \(Self.formatSeconds(seconds)) and was stopped; \(WorkerFailure.timedOut(seconds: seconds).advice)"
    case .crashed(let chunk, let signal):
      return
        "\(chunk): the Lua interpreter crashed (signal \(signal)) while loading it; \(WorkerFailure.crashed(signal: signal).advice)"
    case .worker(let chunk, .cannotStart(let reason)):
      return
        "\(chunk): Cadence could not start its Lua worker (\(reason)); \(WorkerFailure.cannotStart(reason).advice)"
    case .worker(let chunk, let failure):
      return "\(chunk): loading it \(failure.summary); \(failure.advice)"
    }
  }

  /// The returned table nests deeper than Cadence reads (or refers to itself).
  static func tooDeep(chunk: String) -> LuaError {
    .tooComplex(
      chunk: chunk,
      reason:
        "the returned table nests deeper than \(WorkerProtocol.maximumDepth) levels (or refers to itself); flatten it"
    )
  }

  /// The returned table holds more text than Cadence copies.
  static func tooMuchText(chunk: String) -> LuaError {
    .tooComplex(
      chunk: chunk,
      reason:
        "the returned table holds more than \(WorkerProtocol.treeLimit >> 20) MB of text; a routine needs far less"
    )
  }

  static func formatSeconds(_ seconds: Double) -> String {
    seconds >= 1 ? "\(Int(seconds)) s" : "\(Int((seconds * 1000).rounded())) ms"
  }
}
