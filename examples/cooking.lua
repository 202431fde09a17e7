-- Pasta with a tomato sauce: timed steps, reminders to stir, and manual steps that wait for
-- you.
return {
  name = "Pasta",
  description = "Pasta with a tomato sauce: timed steps, stirring reminders and manual steps.",
  tags = { "cooking" },
  params = { pasta = "11m" },
  steps = {
    { "Bring the water to the boil", kind = "manual" },
    { "Soften the onion", "6m", every = "2m", reminder = "Stir the onion" },
    { "Simmer the sauce", "15m",
      reminders = {
        { every = "4m", label = "Stir the sauce" },
        { at = "12m", label = "Put the pasta in" },
      } },
    { "Cook the pasta", "$pasta", reminders = { { at = { "5m", "9m" }, label = "Taste the pasta" } } },
    { "Drain the pasta", kind = "manual", overtime = true },
    { "Rest, then serve", "1m", kind = "pause" },
  },
  milestones = { 0.5 },
  on_reminder = function(ctx)
    return ctx.label .. "!"
  end,
}
