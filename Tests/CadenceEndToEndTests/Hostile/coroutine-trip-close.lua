-- A coroutine stopped by the budget, then closed: its __close handler must not run unbudgeted.
local co = coroutine.create(function()
  local x <close> = setmetatable({}, { __close = function() while true do end end })
  while true do end
end)
pcall(coroutine.resume, co)
coroutine.close(co)
