-- A routine table that refers 200 times to one 10 MB string.
local big = string.rep("x", 10 * 1024 * 1024)
local steps = {}
for i = 1, 200 do steps[i] = { big, "1m" } end
return { name = "Shared", steps = steps }
