-- Memory errors caught by pcall and load must not be swallowed.
while true do
  pcall(string.rep, "x", 1 << 30)
  load(function() return string.rep("y", 1 << 30) end)
end
