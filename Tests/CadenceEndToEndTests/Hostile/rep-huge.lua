-- string.rep of a terabyte: charged by its result before it starts.
local s = string.rep("x", 1e12)
