-- coroutine.wrap functions calling one another thousands deep.
local function nest(n)
  if n == 0 then return 0 end
  return coroutine.wrap(function() return 1 + nest(n - 1) end)()
end
return nest(100000)
