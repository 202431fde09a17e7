-- Tabata: 8 rounds of 20 seconds flat out and 10 seconds of rest, in sets with a longer
-- rest between sets.
return {
  name = "Tabata",
  description = "Two Tabata sets: 8 rounds of 20 seconds flat out and 10 seconds of rest.",
  tags = { "exercise", "hiit" },
  params = { sets = 2, work = "20s", rest = "10s", set_rest = "1m" },
  steps = {
    { "Warm-up", "3m" },
    { name = "Tabata set", rounds = "$sets",
      steps = {
        { rounds = 8, steps = {
            { "Flat out", "$work" },
            { "Rest", "$rest", kind = "pause" },
        }},
      },
      between = { "Set rest", "$set_rest", kind = "pause" },
    },
    { "Cool-down", "2m" },
  },
  milestones = { 0.5, 1 },
  on_work = function(ctx)
    return string.format("%s, round %d of %d", ctx.step.name, ctx.round, ctx.rounds)
  end,
}
