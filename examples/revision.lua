-- Revision in frame mode (seed 000): a two-hour block cut into four equal intervals, with
-- the default pause of a tenth of an interval between them. Change the frame to a finish
-- time with frame = { finish = "17:30", intervals = 4 }.
return {
  name = "Revision",
  description = "A two-hour frame cut into four equal revision intervals with breaks.",
  tags = { "study", "focus" },
  params = { length = "2h", blocks = 4 },
  frame = { length = "$length", intervals = "$blocks", interval_name = "Revise",
            pause_name = "Break" },
  on_pause = function(ctx)
    return "Stand up, drink some water. " .. ctx.next.name .. " again in a moment."
  end,
}
