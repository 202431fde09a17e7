-- Coroutines closed inside one another's __close handlers: Lua 5.4.4 crashes at ~15,000.
local cos, refused = {}, nil
for i = 1, 16000 do
  local nextone = cos[i - 1]
  cos[i] = coroutine.create(function()
    local x <close> = setmetatable({}, { __close = function()
      if nextone then
        local ok, err = coroutine.close(nextone)
        if not ok then refused = refused or err end
      end
    end })
    coroutine.yield()
  end)
  coroutine.resume(cos[i])
end
coroutine.close(cos[#cos])
error(refused, 0)
