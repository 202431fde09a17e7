import CadenceArguments
import CadenceOutput
import CadenceRuntime
import CadenceStore
import CadenceSystem
import CadenceText
import CadenceTime
import FoundationEssentials

/// `cadence status`: what the runs that are going are doing, for people, scripts, tmux and
/// status bars.
enum StatusCommand {
  static let spec = CommandSpec(
    name: "status",
    abstract: "Shows the run that is going: routine, step, round, time left, progress, finish.",
    discussion: """
      --format fills in {remaining} {segment} {round} {rounds} {percent} {state} {routine}
      {finish}, {id}, {runs} (how many runs are going) and {mandatory} ("mandatory" for a
      task's mandatory break, else nothing), for a shell prompt: control characters are
      escaped. --tmux, --pango, --polybar and --i3blocks fill in the same template and escape
      the line for their sink, so a stranger's routine, step or task name is shown as it is and
      never read as markup: --tmux escapes # for the output of #(...) in a tmux format; --pango
      and --i3blocks write & < > " ' as entities (Pango markup); --polybar keeps every %{ from
      opening a tag. --waybar prints a waybar custom module's JSON, its text and tooltip
      escaped as Pango markup. With no run going, these print an empty line ({} for waybar)
      and exit 1, so a status bar shows nothing. With several runs, they show the one started
      last unless --run names one; waybar's text then ends in +N (the others) and its tooltip
      lists every run. --follow keeps printing, for a bar that reads a command's lines as they
      come: a line at once, then one every second and at every change, across runs (the empty
      form while none is going; a zero-width space for --i3blocks, which ignores an empty
      line), until its reader goes away. A run whose process died (killed, or the machine
      restarted) is listed as waiting to be resumed, with "cadence resume": with no run going,
      each line form prints "NAME: waiting to be resumed: cadence resume" and exits 0.
      """,
    examples: [
      "cadence status",
      "cadence status --format '{remaining} {segment}'",
      "cadence status --tmux '{remaining} {segment}'",
      "cadence status --waybar",
      "cadence status --tmux '{remaining} {segment}' --follow",
    ],
    options: [json.spec] + StatusForm.allCases.map(\.declaration.spec)
      + [waybar.spec, RunSelection.option.spec, follow.spec, .database],
    positionals: []
  )

  static let json = CommonOptions.json.described("Prints the runs as a JSON array.")
  static let waybar = Flag(
    "waybar", help: "Prints JSON for a waybar custom module, escaped as Pango markup.")
  static let follow = Flag(
    "follow",
    help:
      "Keeps printing: a line at once, then every second and at every change, across runs.")

  static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    let forms = StatusForm.allCases.filter { arguments[$0.declaration] != nil }
    let chosen = [arguments[Self.json], arguments[Self.waybar]].filter { $0 }.count
    if chosen + forms.count > 1 {
      return UsageError(
        "give one of --json, --format, --tmux, --pango, --polybar, --i3blocks and --waybar",
        usage: spec.usage
      )
      .report(to: context.console)
    }
    let shape: StatusShape
    if let form = forms.first, let template = arguments[form.declaration] {
      shape = .line(form, template)
    } else if arguments[Self.waybar] {
      shape = .waybar
    } else if arguments[Self.json] {
      shape = .json
    } else {
      shape = .text
    }
    let wanted = arguments[RunSelection.option]
    let zone = context.timeZone
    let database = Store.defaultPath(
      flag: arguments[CommonOptions.database], environment: context.environment)
    if arguments[Self.follow] {
      guard shape != .text else {
        return UsageError(
          "--follow prints one line at a time: give it one of --format, --tmux, --pango, --polybar, --i3blocks, --waybar and --json",
          usage: spec.usage
        ).report(to: context.console)
      }
      // A change that leaves the line as it was is not told again; the second's line always is.
      var last = ""
      StatusFollower(
        directory: RuntimeDirectory(environment: context.environment),
        waiting: { (try? WaitingRun.list(databasePath: database)) ?? [] }
      ).follow(output: 1) { board, tick in
        let line = shape.render(board, wanted: wanted, timeZone: zone, following: true).text
        if tick || line != last { context.console.out(line) }
        last = line
      }
      return .success
    }
    let live = ControlClient.live(in: RuntimeDirectory(environment: context.environment))
    var waiting: [WaitingRun] = []
    do {
      waiting = try WaitingRun.list(databasePath: database)
    } catch {
      // The runs going are still told; a status bar's line is not held up by it.
      if shape == .text || shape == .json { context.console.problem(error.description) }
    }
    let board = StatusBoard(going: live.map(\.status), waiting: waiting)
    if shape == .text {
      let shown = board.live.filter { wanted == nil || $0.id == wanted }
      let resting = board.waiting.filter { wanted == nil || $0.id == wanted }
      guard !shown.isEmpty || !resting.isEmpty else {
        guard let wanted, !board.live.isEmpty || !board.waiting.isEmpty else {
          context.console.out("No run is going.\n")
          return ExitCode(rawValue: 1)
        }
        // An id that names no run is a mistake, said on standard error, not a status.
        context.console.problem(
          "No run has the id \(QuotedText.quote(wanted)); cadence status lists the runs going.")
        return .unavailable
      }
      context.console.out(
        (shown.map { StatusText.block($0, timeZone: zone) }
          + resting.map { StatusText.block($0, timeZone: zone) }).joined(separator: "\n"))
      return .success
    }
    let rendered = shape.render(board, wanted: wanted, timeZone: zone)
    context.console.out(rendered.text)
    return rendered.shown ? .success : ExitCode(rawValue: 1)
  }
}
