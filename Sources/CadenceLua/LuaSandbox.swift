import CLua
import CLuaSandbox
import CadenceCore
import FoundationEssentials

/// One sandboxed Lua state in this process: an allow-list of libraries, a memory cap, an
/// instruction budget and a deadline. Only the tests of the C sandbox use it: every command
/// runs Lua in the worker process (`RoutineFile`, `RoutineHooks`). Not thread-safe.
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
          state, characters.baseAddress, characters.count, "=" + ChunkNames.luaName(for: chunk))
      }
    }
    let trip = box.pointee.trip
    cadence_sandbox_disarm(state)
    defer { lua_settop(state, 0) }
    if status != LUA_OK {
      throw error(status: status, trip: trip, chunk: chunk)
    }
    var reader = LuaValueReader(state: state, chunk: chunk)
    let value = try reader.read(at: -1)
    _ = cadence_sandbox_keep(state, key)
    return value
  }

  func error(status: Int32, trip: Int32, chunk: String) -> LuaError {
    ChunkNames.loadError(
      message: lua_tostring(state, -1) ?? "unknown error", status: status, trip: trip,
      syntax: box.pointee.load_status == LUA_ERRSYNTAX, chunk: chunk, limits: limits)
  }
}
