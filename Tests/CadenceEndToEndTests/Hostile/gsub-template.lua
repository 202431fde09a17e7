-- gsub with a long replacement template for every byte of a long subject.
local template = string.rep("%0", 1e5)
return (string.rep("a", 1e5)):gsub(".", template)
