import CLua
import CLuaSandbox

/// How a routine's path appears in Lua's messages, and what a failed load means.
enum ChunkNames {
  /// Lua cuts source names in messages to 60 bytes; a longer path gets a short stand-in that
  /// `restoringPaths` swaps back.
  static func luaName(for chunk: String) -> String {
    chunk.utf8.count < 56 ? chunk : "routine-" + String(UInt32(truncatingIfNeeded: chunk.hashValue))
  }

  static func restoringPaths(_ message: String, chunk: String) -> String {
    let name = luaName(for: chunk)
    return name == chunk ? message : message.replacing(name + ":", with: chunk + ":")
  }

  /// The `chunk:line:` that starts a Lua message, if it has one.
  static func location(in message: String, chunk: String) -> String? {
    guard message.hasPrefix(chunk + ":") else { return nil }
    let rest = message.dropFirst(chunk.count + 1)
    let digits = rest.prefix { $0.isNumber }
    guard !digits.isEmpty, rest.dropFirst(digits.count).first == ":" else { return nil }
    return "\(chunk):\(digits):"
  }

  /// The error a failed load stands for: Lua's message and status, the sandbox's trip, and
  /// whether compiling failed.
  static func loadError(
    message raw: String, status: Int32, trip: Int32, syntax: Bool, chunk: String,
    limits: SandboxLimits
  ) -> LuaError {
    let message = restoringPaths(raw, chunk: chunk)
    let location = self.location(in: message, chunk: chunk) ?? "\(chunk):"
    switch Int(trip) {
    case Int(CADENCE_TRIP_INSTRUCTIONS.rawValue):
      return .instructionBudget(location: location, budget: limits.loadInstructions)
    case Int(CADENCE_TRIP_DEADLINE.rawValue):
      return .deadline(location: location, seconds: limits.loadSeconds)
    case Int(CADENCE_TRIP_MEMORY.rawValue):
      return .memory(chunk: chunk, limit: limits.memory)
    default:
      break
    }
    if status == LUA_ERRMEM { return .memory(chunk: chunk, limit: limits.memory) }
    if status == LUA_ERRSYNTAX || syntax { return .syntax(message) }
    if message.contains(chunk + ":") { return .runtime(message) }
    return .runtime("\(chunk): \(message)")
  }
}
