-- The three places where Cadence's matcher once differed from Lua's.
assert(("]"):find("[a-%%]") == 1)
assert(("a\0)"):find("\0)") == 2)
local s = string.rep("a", 100)
assert(string.format("%p", s) == string.format("%p", (s:gsub("b", "c"))))
return { name = "Patterns", steps = { { "Work", "1m" } } }
