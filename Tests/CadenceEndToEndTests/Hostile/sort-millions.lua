-- table.sort of a billion elements, counted by __len so that nothing fills them first; its
-- reads give 0 and its writes go nowhere (C functions: the stop is the sort's, at line 5).
local t = setmetatable({}, { __len = function() return 1e9 end })
getmetatable(t).__index, getmetatable(t).__newindex = rawlen, rawequal
table.sort(t)
