import CLua
import Testing

@testable import CadenceLua

/// Runs one script, which returns a string, in a stock Lua state (the reference) and in
/// Cadence's sandbox, under the same chunk name: the two sides of the differential tests.
enum DifferentialLua {
  /// What the script returns in a stock Lua state with every library open.
  static func stock(_ script: String, chunk: String) throws -> String {
    let state = try #require(luaL_newstate())
    defer { lua_close(state) }
    luaL_openlibs(state)
    #expect(luaL_loadbufferx(state, script, script.utf8.count, "=" + chunk, "t") == LUA_OK)
    #expect(lua_pcallk(state, 0, 1, 0, 0, nil) == LUA_OK)
    var length = 0
    let bytes = try #require(lua_tolstring(state, -1, &length))
    return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
  }

  /// What the script returns in the sandbox.
  static func sandbox(_ script: String, chunk: String) throws -> String {
    let sandbox = try LuaSandbox()
    let value = try sandbox.run(source: Array(script.utf8), chunk: chunk, keepingAs: "differential")
    guard case .string(let text) = value else {
      Issue.record("the script returned \(String(describing: value))")
      return ""
    }
    return text
  }
}
