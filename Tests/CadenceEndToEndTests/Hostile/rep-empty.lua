-- string.rep of nothing a trillion times is nothing, at once.
local s = string.rep("", 1e12) .. string.rep("", 1e12, "")
return { name = "Empty" .. s, steps = { { "Work", "1m" } } }
