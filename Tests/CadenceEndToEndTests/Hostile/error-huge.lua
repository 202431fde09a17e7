-- An error whose message is 100 MB.
error(string.rep("x", 1e8))
