-- A string of a gigabyte.
local s = string.rep("x", 1 << 30)
