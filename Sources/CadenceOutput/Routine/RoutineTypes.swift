/// The editor types of a routine (LuaLS `---@meta` annotations), as `types/cadence.lua` in the
/// repository has them, built into the binary so that an installed `cadence types` prints them.
///
/// A test holds this copy and the file to the same text, and both to the reader's keys.
public enum RoutineTypes {
  public static let text = #"""
    ---@meta cadence
    -- Types of a Cadence routine, for lua-language-server (LuaLS) and editors that use it.
    -- Print it with `cadence types`; point your editor at it with .luarc.json:
    --   { "workspace.library": ["/path/to/folder/with/cadence.lua"] }
    -- then begin a routine with the annotation on its table:
    --   ---@type cadence.Routine
    --   local routine = { name = "Gym", steps = { { "Set", "2m" } } }
    --   return routine
    -- A key the routine does not know is then flagged as you type, and a hook's ctx completes.

    ---A length: a number of seconds (90), or text: "90s", "2m", "1h30m", "2m10s", "500ms",
    ---"1.5h", "1d", "1:30" (minutes and seconds), "1:30:00"; "$name" uses a parameter.
    ---Whole milliseconds only; nothing longer than 366 days.
    ---@alias cadence.Duration number|string

    ---@alias cadence.StepKind "work"|"pause"|"rest"|"break"|"manual"

    ---The voice of the default messages, when a hook returns nothing: "neutral" unless chosen
    ---here or by a tag ("exercise", "hiit", "gym"… are "gym"; "cooking", "baking"… "cooking";
    ---"study", "revision"… "revision"). A routine's own hooks always come first.
    ---@alias cadence.Theme "neutral"|"gym"|"cooking"|"revision"

    ---A point of the routine: a fraction above 0 and at most 1 (0.5), or text ("50%").
    ---@alias cadence.Fraction number|string

    ---What a hook returns: text, a table, or nothing for Cadence's own message.
    ---@alias cadence.HookReturn string|cadence.HookResult|nil

    ---@alias cadence.Hook fun(ctx: cadence.Context): cadence.HookReturn

    ---The table a routine file returns.
    ---@class cadence.Routine
    ---@field name? string The routine's name; the file name without .lua when absent.
    ---@field description? string One line about it, shown by cadence list.
    ---@field params? table<string, number|string|boolean> Defaults; "$name" in any text uses one.
    ---@field steps? (cadence.Step|cadence.Block)[] Explicit mode: the steps in order.
    ---@field frame? cadence.Frame Frame mode: a span cut into equal intervals.
    ---@field quarters? boolean Milestones at 25 %, 50 %, 75 % and the finish (default true).
    ---@field milestones? cadence.Fraction[]|cadence.MilestoneRule Other milestones.
    ---@field tags? string[] Words to group sessions by, such as { "legs", "hiit" }.
    ---@field theme? cadence.Theme The voice of Cadence's own messages (default: chosen by tags).
    ---@field on_start? cadence.Hook Called at the start.
    ---@field on_work? cadence.Hook Called as each work step starts.
    ---@field on_pause? cadence.Hook Called as each pause starts.
    ---@field on_quarter? cadence.Hook Called at each milestone.
    ---@field on_reminder? cadence.Hook Called at each reminder.
    ---@field on_finish? cadence.Hook Called at the finish.

    ---Frame mode (seed 000): `finish` or `length`, and `intervals`.
    ---@class cadence.Frame
    ---@field finish? string A clock time such as "17:30": the frame ends at its next occurrence.
    ---@field length? cadence.Duration The frame's length, such as "2h".
    ---@field intervals integer|string How many equal work intervals.
    ---@field pause? cadence.Duration The pause between intervals (default: a tenth of one).
    ---@field pause_after_last? boolean A pause after the last interval too, inside the frame.
    ---@field interval_name? string The intervals' name (default "Interval").
    ---@field pause_name? string The pauses' name (default "Pause").

    ---A step: { "Name", "2m" }, or with named keys.
    ---@class cadence.Step
    ---@field [1] string? The name, by position.
    ---@field [2] cadence.Duration? The duration, by position.
    ---@field name? string
    ---@field duration? cadence.Duration A manual step has none.
    ---@field kind? cadence.StepKind "work" by default.
    ---@field overtime? boolean A manual step counts the time it waits.
    ---@field every? cadence.Duration A reminder this often inside the step.
    ---@field reminder? string The label of the `every` reminder.
    ---@field reminders? cadence.Reminder[] More reminders.
    ---@field focus? boolean Pauses desktop notifications while it counts (the dnd setting).

    ---A block of rounds: its steps repeated, `between` steps between rounds.
    ---@class cadence.Block
    ---@field name? string
    ---@field rounds? integer|string How many times (default 1).
    ---@field steps (cadence.Step|cadence.Block)[]
    ---@field between? cadence.Step|cadence.Step[] Between rounds, not after the last.

    ---A reminder inside a timed step: `every` or `at`.
    ---@class cadence.Reminder
    ---@field every? cadence.Duration
    ---@field at? cadence.Duration|cadence.Duration[] Offsets from the step's start.
    ---@field label? string

    ---@class cadence.MilestoneRule
    ---@field every cadence.Fraction A milestone at each multiple, such as "10%".

    ---A step as a hook sees it.
    ---@class cadence.StepInfo
    ---@field name string
    ---@field kind "work"|"pause"|"manual"
    ---@field index integer Its place in the schedule, from 1.
    ---@field duration integer Seconds.
    ---@field duration_ms integer

    ---The context table a hook receives. Times are routine time: pauses you take and manual
    ---steps do not count.
    ---@class cadence.Context
    ---@field routine string The routine's name.
    ---@field event "start"|"work"|"pause"|"manual"|"milestone"|"reminder"|"finish"
    ---@field step? cadence.StepInfo The step it happens in.
    ---@field name? string The step's name.
    ---@field kind? "work"|"pause"|"manual" The step's kind.
    ---@field index? integer The step's index.
    ---@field next? cadence.StepInfo The step after it; nil at the end.
    ---@field round integer Round i of the innermost block (1 outside one).
    ---@field rounds integer Its number of rounds (1 outside one).
    ---@field elapsed integer Seconds done.
    ---@field elapsed_ms integer
    ---@field remaining integer Seconds to go.
    ---@field remaining_ms integer
    ---@field total_ms integer
    ---@field percent number How far along, 0 to 100.
    ---@field count integer How many steps the schedule has.
    ---@field label? string The milestone's ("25%") or reminder's label.
    ---@field params table<string, number|string|boolean> The parameters' values.

    ---A hook's table result.
    ---@class cadence.HookResult
    ---@field message? string What to show.
    ---@field title? string The notification's title.
    ---@field sound? string "none" for no bing.
    ---@field urgency? "low"|"normal"|"critical"
    ---@field actions? cadence.Action[] Commands to run, at most 8; only for a routine you trust (cadence trust FILE). The timer never waits for them.

    ---A command a hook asks Cadence to run: an argument list, never a shell. It runs off the timer,
    ---in a session and process group of its own (no terminal), its output captured (4 KB kept); at
    ---its time limit the whole group is killed. Arguments are text without NUL; all of a hook's
    ---actions take at most 4 KB.
    ---@class cadence.Action
    ---@field run string[] The program (looked for on PATH unless it has a /) and its arguments: 1 to 64 entries.
    ---@field timeout? number|string How long it may run ("500ms", "30s", or seconds): 1ms to "1m"; "5s" when absent.

    """#
}
