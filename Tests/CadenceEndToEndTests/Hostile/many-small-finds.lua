-- Millions of pattern calls, each doing a little work in C.
local s = string.rep("b", 1000)
for i = 1, 1e9 do s:find("[%a%d]*c") end
