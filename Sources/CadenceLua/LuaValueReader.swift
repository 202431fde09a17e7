import CLua
import CadenceCore

/// Copies a Lua value into a `ScriptValue` using only raw, non-raising API calls, so no Lua
/// error can unwind through these Swift frames and no metamethod of the script runs.
struct LuaValueReader {
  static let maximumDepth = WorkerProtocol.maximumDepth
  static let maximumEntries = 20_000_000
  /// The most text (keys and strings) a returned value may hold: a table that refers 200
  /// times to one 10 MB string would otherwise become 2 GB of copies.
  static let maximumBytes = WorkerProtocol.treeLimit

  let state: OpaquePointer
  let chunk: String
  private var entries = 0
  private var bytes = 0

  init(state: OpaquePointer, chunk: String) {
    self.state = state
    self.chunk = chunk
  }

  mutating func read(at index: Int32) throws(LuaError) -> ScriptValue? {
    try read(at: lua_absindex(state, index), depth: 0)
  }

  private mutating func read(at index: Int32, depth: Int) throws(LuaError) -> ScriptValue? {
    switch lua_type(state, index) {
    case LUA_TNIL, LUA_TNONE:
      return nil
    case LUA_TBOOLEAN:
      return .boolean(lua_toboolean(state, index) != 0)
    case LUA_TNUMBER:
      return lua_isinteger_(state, index)
        ? .integer(lua_tointeger_(state, index)) : .number(lua_tonumber_(state, index))
    case LUA_TSTRING:
      try count(bytes: Int(clamping: lua_rawlen(state, index)))
      return .string(lua_tostring(state, index) ?? "")
    case LUA_TTABLE:
      return .table(try readTable(at: index, depth: depth + 1))
    case LUA_TFUNCTION:
      return .function
    default:
      return .other(String(cString: lua_typename(state, lua_type(state, index))))
    }
  }

  private mutating func readTable(at index: Int32, depth: Int) throws(LuaError) -> ScriptTable {
    guard depth <= Self.maximumDepth else { throw .tooDeep(chunk: chunk) }
    guard lua_checkstack(state, 4) != 0 else {
      throw .tooComplex(chunk: chunk, reason: "the returned table is too large to read")
    }
    var pairs: [(key: ScriptKey, value: ScriptValue)] = []
    lua_pushnil(state)
    while lua_next(state, index) != 0 {
      entries += 1
      guard entries <= Self.maximumEntries else {
        lua_pop(state, 2)
        throw .tooComplex(
          chunk: chunk, reason: "the returned table has more than \(Self.maximumEntries) entries")
      }
      let value: ScriptValue?
      let key: ScriptKey
      do throws(LuaError) {
        if lua_type(state, -2) == LUA_TSTRING {
          try count(bytes: Int(clamping: lua_rawlen(state, -2)))
        }
        key = readKey(at: -2)
        value = try read(at: lua_absindex(state, -1), depth: depth)
      } catch {
        lua_pop(state, 2)
        throw error
      }
      lua_pop(state, 1)
      if let value { pairs.append((key, value)) }
    }
    return ScriptTable(pairs)
  }

  private mutating func count(bytes length: Int) throws(LuaError) {
    bytes += length
    guard bytes <= Self.maximumBytes else { throw .tooMuchText(chunk: chunk) }
  }

  private func readKey(at index: Int32) -> ScriptKey {
    switch lua_type(state, index) {
    case LUA_TSTRING:
      return .name(lua_tostring(state, index) ?? "")
    case LUA_TNUMBER:
      if lua_isinteger_(state, index) { return .index(lua_tointeger_(state, index)) }
      let number = lua_tonumber_(state, index)
      return .other(String(number))
    case LUA_TBOOLEAN:
      return .other(lua_toboolean(state, index) != 0 ? "true" : "false")
    default:
      return .other(String(cString: lua_typename(state, lua_type(state, index))))
    }
  }
}
