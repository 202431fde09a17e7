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
      case 71: return "found the Lua worker unable to shut itself in (seccomp or resource limits)"
      case 72: return "found the Lua worker out of memory as it started"
      default: return "ended the Lua worker unexpectedly (exit status \(status))"
      }
    case .malformed(let reason):
      return "got a reply from the Lua worker that Cadence refused (\(reason))"
    }
  }

  /// What to do about it, as the end of a sentence.
  var advice: String {
    switch self {
    case .cannotStart:
      return "reinstall Cadence, or set CADENCE_LUA_WORKER to the cadence-lua-worker program"
    case .timedOut: return "look for a C function given a huge size, such as string.rep"
    case .crashed: return "the file may be made to break Lua, so do not run it"
    case .exited(71):
      return "Cadence needs Linux with seccomp filters; report it if this machine has them"
    case .exited, .malformed: return "try again, and report it if it happens again"
    }
  }
}
