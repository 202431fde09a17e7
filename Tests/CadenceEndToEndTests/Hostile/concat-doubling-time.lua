-- A few costly instructions in a loop: each builds a 60 MB string.
local s = string.rep("x", 30e6)
while true do local t = s .. s end
