-- Pomodoro: four 25-minute focus blocks with 5-minute breaks, then a long break.
return {
  name = "Pomodoro",
  description = "Four 25-minute focus blocks with 5-minute breaks, then a long break.",
  tags = { "focus", "work" },
  params = { focus = "25m", short_break = "5m", long_break = "15m", blocks = 4 },
  steps = {
    { rounds = "$blocks",
      steps = { { "Focus", "$focus" } },
      between = { "Short break", "$short_break", kind = "pause" } },
    { "Long break", "$long_break", kind = "pause" },
  },
  on_start = function(ctx) return "One thing at a time." end,
  on_finish = function(ctx) return "Four pomodoros done. Well earned." end,
}
