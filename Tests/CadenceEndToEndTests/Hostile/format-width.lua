-- A format width Lua refuses.
return string.format("%99999d", 1)
