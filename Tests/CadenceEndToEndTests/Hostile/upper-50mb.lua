-- upper on a 50 MB string, a thousand times.
local s = string.rep("a", 50e6)
for i = 1, 1000 do local t = s:upper() end
