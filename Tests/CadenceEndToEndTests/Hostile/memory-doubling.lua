-- A string that doubles without end.
local s = "x"
while true do s = s .. s end
