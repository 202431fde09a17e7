-- table.sort of millions of elements, counted by __len so that nothing fills them first.
local t = setmetatable({}, { __len = function() return 1e9 end, __index = function() return 1 end })
table.sort(t)
