-- A message handler that loops.
xpcall(function() while true do end end, function() while true do end end)
