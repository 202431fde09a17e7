/// The Lua around the generated cases of the differential tests against the real lua5.4: it
/// renders every value the same way on both sides (never an address, never the order of a
/// hash table's keys), logs the calls of metamethods and comparators, and gives one line per
/// case.
enum ReferenceHarness {
  static let prelude = """
    local out, log, names = {}, {}, {}
    local function esc(s)
      if #s > 160 then return esc(s:sub(1, 60)) .. "..(" .. #s .. ").." .. esc(s:sub(-60)) end
      return (s:gsub("[^%w%p ]", function(c) return "\\\\" .. c:byte() end))
    end
    local show
    local function showtable(t, depth)
      if names[t] then return names[t] end
      if depth > 2 then return "{..}" end
      local n, extra = 0, 0
      for k in next, t do
        if math.type(k) == "integer" and k > n and k <= 300 then n = k end
      end
      for k in next, t do
        if not (math.type(k) == "integer" and k >= 1 and k <= n) then extra = extra + 1 end
      end
      local parts = {}
      for i = 1, n do parts[i] = show(rawget(t, i), depth + 1) end
      return "{" .. table.concat(parts, ",") .. (extra > 0 and (";+" .. extra) or "") .. "}"
    end
    function show(v, depth)
      local t = type(v)
      if t == "string" then return '"' .. esc(v) .. '"' end
      if t == "table" then return showtable(v, depth or 0) end
      if t == "number" or t == "boolean" or t == "nil" then return tostring(v) end
      return t
    end
    local function note(tag, ...)
      local parts = table.pack(...)
      for i = 1, parts.n do parts[i] = show(parts[i], 2) end
      log[#log + 1] = tag .. table.concat(parts, ",")
    end
    local function results(...)
      local r = table.pack(...)
      for i = 1, r.n do r[i] = show(r[i]) end
      return table.concat(r, " ", 1, r.n)
    end
    local function case(id, f, ...)
      log = {}
      local line = results(pcall(f, ...))
      out[#out + 1] = id .. ": " .. line .. " | " .. table.concat(log, " ")
    end
    -- A table whose every access is logged through its metamethods, backed by `backing`; a
    -- `len` stands in for the length; `failget`/`failset` (a key, or true for any) raise.
    local function proxy(name, backing, len, failget, failset)
      local p = setmetatable({}, {
        __index = function(_, k)
          note(name .. "?", k)
          if failget == true or failget == k then error(name .. " get " .. show(k)) end
          return backing[k]
        end,
        __newindex = function(_, k, v)
          note(name .. "!", k, v)
          if failset == true or failset == k then error(name .. " set " .. show(k)) end
          backing[k] = v
        end,
        __len = function()
          note(name .. "#")
          if len ~= nil then return len end
          return #backing
        end,
      })
      names[p] = name
      return p
    end
    -- A deterministic stream of numbers in Lua itself, for comparators that answer at random.
    local function stream(seed)
      local state = seed
      return function()
        state = (state * 1103515245 + 12345) % 2147483648
        return state
      end
    end
    -- A value whose `__close` logs and, when `fails`, raises.
    local function closer(name, fails)
      return setmetatable({}, { __close = function(_, err)
        note("close " .. name, err)
        if fails then error(fails, 0) end
      end })
    end

    """

  static let epilogue = "return table.concat(out, \"\\n\")\n"
}
