-- table.concat over a huge range, each slot made by __index.
local t = setmetatable({}, { __index = function() return "x" end })
local s = table.concat(t, "", 1, 1e12)
