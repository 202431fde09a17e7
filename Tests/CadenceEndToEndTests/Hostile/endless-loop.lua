-- A loop without end.
while true do end
