-- Seed 000's first example: 2 minutes, 10 seconds, three times.
return {
  name = "Seed example: short",
  steps = {
    { rounds = 3, steps = { { "Interval", "2m" }, { "Pause", "10s", kind = "pause" } } },
  },
}
