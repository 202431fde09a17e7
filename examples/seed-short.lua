-- Seed 000's first example: 2 minutes, 10 seconds, three times.
return {
  name = "Seed example: short",
  description = "Three 2-minute intervals with 10-second pauses.",
  tags = { "example" },
  steps = {
    { rounds = 3, steps = { { "Interval", "2m" }, { "Pause", "10s", kind = "pause" } } },
  },
}
