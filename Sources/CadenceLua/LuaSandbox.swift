import CLua
import CLuaSandbox
import CadenceCore
import Foundation

/// One sandboxed Lua state: an allow-list of libraries, a memory cap, an instruction budget
/// and a deadline. Not thread-safe: use it from one thread at a time.
public final class LuaSandbox {
  public let limits: SandboxLimits
  let box: UnsafeMutablePointer<cadence_sandbox>
  let state: OpaquePointer

  public init(limits: SandboxLimits = SandboxLimits()) throws(LuaError) {
    self.limits = limits
    box = UnsafeMutablePointer<cadence_sandbox>.allocate(capacity: 1)
    box.initialize(to: cadence_sandbox())
    box.pointee.memory_limit = limits.memory
    guard let state = cadence_sandbox_open(box) else {
      box.deallocate()
      throw .unavailable
    }
    self.state = state
  }

  deinit {
    lua_close(state)
    box.deallocate()
  }

  /// Bytes the state holds now.
  public var memoryInUse: Int { box.pointee.memory_used }

  /// What the script printed, bounded; taking it empties the buffer.
  public func takeOutput() -> (text: String, truncated: Bool) {
    let length = box.pointee.output_length
    let bytes = UnsafeRawBufferPointer(start: cadence_sandbox_output(box), count: length)
    let text = String(decoding: bytes, as: UTF8.self)
    let truncated = box.pointee.output_truncated != 0
    box.pointee.output_length = 0
    box.pointee.output_truncated = 0
    return (text, truncated)
  }

  /// Runs `source` as a text chunk named `chunk` under the loading budget and returns the
  /// value it returns, converted; the value itself is kept in the registry under `key`.
  public func run(source: [UInt8], chunk: String, keepingAs key: String) throws(LuaError)
    -> ScriptValue?
  {
    // Lua takes any chunk that starts with ESC for a precompiled one.
    if source.first == 0x1B { throw .binaryChunk(chunk) }
    cadence_sandbox_arm(state, Int64(limits.loadInstructions), limits.loadSeconds)
    let status = source.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { characters in
        cadence_sandbox_run_chunk(
          state, characters.baseAddress, characters.count, "=" + Self.luaName(for: chunk))
      }
    }
    let trip = box.pointee.trip
    cadence_sandbox_disarm(state)
    defer { lua_settop(state, 0) }
    if status != LUA_OK {
      throw error(status: status, trip: trip, chunk: chunk, loading: true)
    }
    var reader = LuaValueReader(state: state, chunk: chunk)
    let value = try reader.read(at: -1)
    _ = cadence_sandbox_keep(state, key)
    return value
  }

  /// Lua cuts source names in messages to 60 bytes; a longer path gets a short stand-in that
  /// `restoringPaths` swaps back.
  static func luaName(for chunk: String) -> String {
    chunk.utf8.count < 56 ? chunk : "routine-" + String(UInt32(truncatingIfNeeded: chunk.hashValue))
  }

  static func restoringPaths(_ message: String, chunk: String) -> String {
    let name = luaName(for: chunk)
    return name == chunk ? message : message.replacingOccurrences(of: name + ":", with: chunk + ":")
  }

  func error(status: Int32, trip: Int32, chunk: String, loading: Bool) -> LuaError {
    let message = Self.restoringPaths(lua_tostring(state, -1) ?? "unknown error", chunk: chunk)
    let location = Self.location(in: message, chunk: chunk) ?? "\(chunk):"
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
    if status == LUA_ERRSYNTAX || box.pointee.load_status == LUA_ERRSYNTAX {
      return .syntax(message)
    }
    if message.contains(chunk + ":") {
      return .runtime(message)
    }
    return .runtime("\(chunk): \(message)")
  }

  /// The `chunk:line:` that starts a Lua message, if it has one.
  static func location(in message: String, chunk: String) -> String? {
    guard message.hasPrefix(chunk + ":") else { return nil }
    let rest = message.dropFirst(chunk.count + 1)
    let digits = rest.prefix { $0.isNumber }
    guard !digits.isEmpty, rest.dropFirst(digits.count).first == ":" else { return nil }
    return "\(chunk):\(digits):"
  }
}
