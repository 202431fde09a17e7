-- Greedy and lazy items that backtrack over a long subject.
local s = string.rep("a", 5000)
return s:find(".-.-.-.-.-.-.-.-.-b")
