-- Gym circuit: sets of effort with short rests, as in seed 000's "2 minutes, 10 seconds".
-- Try: cadence plan examples/gym.lua --set rounds=5 --set work=90s
return {
  name = "Gym circuit",
  description = "Warm up, then rounds of a 2-minute set and a 10-second rest, then stretch.",
  tags = { "exercise", "strength" },
  params = { rounds = 3, work = "2m", rest = "10s" },
  steps = {
    { "Warm-up", "5m" },
    { rounds = "$rounds", steps = {
        { "Set", "$work" },
        { "Rest", "$rest", kind = "pause" },
    }},
    { "Stretch", kind = "manual" },
  },
  on_pause = function(ctx)
    return "Breathe. Next: " .. ctx.next.name
  end,
  on_quarter = function(ctx)
    return ctx.percent .. "% done, keep going"
  end,
}
