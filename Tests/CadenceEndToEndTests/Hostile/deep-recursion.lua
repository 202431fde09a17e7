-- Recursion without end.
local function f() return 1 + f() end
f()
