-- string.rep of a terabyte: past Lua's size limit, so Lua's own error, before any memory.
local s = string.rep("x", 1e12)
