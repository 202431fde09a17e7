/// Why the Lua worker gave no answer to a request.
public enum WorkerFailure: Error, Equatable, Sendable {
  /// The worker could not be started: the reason.
  case cannotStart(String)
  /// The request ran past its deadline, and Cadence stopped the worker.
  case timedOut(seconds: Double)
  /// The worker died of a signal (a crash of the interpreter, say).
  case crashed(signal: Int32)
  /// The worker ended of its own accord, with this status.
  case exited(status: Int32)
  /// The worker sent something Cadence will not read: the reason.
  case malformed(String)

  /// What happened, as the end of a sentence that starts with what was running.
  var summary: String {
    switch self {
    case .cannotStart(let reason): return "could not start the Lua worker (\(reason))"
    case .timedOut(let seconds):
      return "ran past \(LuaError.formatSeconds(seconds)) and was stopped"
    case .crashed(let signal): return "crashed the Lua interpreter (signal \(signal))"
    case .exited(let status):
      switch status {
      case 71: return "could not start: the Lua worker could not shut itself in (seccomp or limits)"
      case 72: return "could not start: the Lua worker is out of memory"
      default: return "ended the Lua worker unexpectedly (status \(status))"
      }
    case .malformed(let reason):
      return "got a reply from the Lua worker that Cadence refused (\(reason))"
    }
  }
}
