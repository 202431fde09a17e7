import CLua

// The Lua C API's macros, which Swift cannot import, written once here. Each is the
// expansion given in lua.h for Lua 5.4.

let luaRegistryIndex: Int32 = -1_001_000

@inline(__always) func lua_pop(_ state: OpaquePointer, _ count: Int32) {
  lua_settop(state, -count - 1)
}

@inline(__always) func lua_tostring(_ state: OpaquePointer, _ index: Int32) -> String? {
  var length = 0
  guard let bytes = lua_tolstring(state, index, &length) else { return nil }
  return String(
    decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
}

@inline(__always) func lua_isinteger_(_ state: OpaquePointer, _ index: Int32) -> Bool {
  lua_isinteger(state, index) != 0
}

@inline(__always) func lua_tointeger_(_ state: OpaquePointer, _ index: Int32) -> Int64 {
  Int64(lua_tointegerx(state, index, nil))
}

@inline(__always) func lua_tonumber_(_ state: OpaquePointer, _ index: Int32) -> Double {
  lua_tonumberx(state, index, nil)
}
