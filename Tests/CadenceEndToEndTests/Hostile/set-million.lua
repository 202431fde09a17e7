-- A [...] set of a million characters, scanned for every byte of the subject.
local set = "[" .. string.rep("a", 1e6) .. "]"
local s = string.rep("b", 1e5)
return s:find(set .. "x")
