-- %b() on a long subject, again and again.
local s = string.rep("(", 5e6)
for i = 1, 1000 do s:find("%b()") end
