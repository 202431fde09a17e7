-- Seed 000's second example: 1 hour, 10 minutes, three times. In frame mode: three
-- intervals with a pause after the last, in a frame of 3 hours 30 minutes.
return {
  name = "Seed example: long",
  description = "Three 1-hour intervals with 10-minute pauses in a frame of 3h30m.",
  tags = { "example" },
  frame = { length = "3h30m", intervals = 3, pause = "10m", pause_after_last = true },
}
