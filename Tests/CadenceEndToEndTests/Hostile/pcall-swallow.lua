-- A loop that tries to swallow its own budget error.
while true do pcall(function() while true do end end) end
