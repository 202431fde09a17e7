-- table.insert at the front of a table of millions: every insert shifts them all.
local t = {}
for i = 1, 5e6 do table.insert(t, 1, i) end
