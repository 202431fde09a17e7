import CadenceArguments
import CadenceRuntime
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
      line), until its reader goes away.
      """,
    examples: [
      "cadence status",
      "cadence status --format '{remaining} {segment}'",
      "cadence status --tmux '{remaining} {segment}'",
      "cadence status --waybar",
      "cadence status --tmux '{remaining} {segment}' --follow",
    ],
    options: [OptionSpec("json", help: "Prints the runs as a JSON array.")]
      + StatusForm.allCases.map(\.spec)
      + [
        OptionSpec(
          "waybar", help: "Prints JSON for a waybar custom module, escaped as Pango markup."),
        RunSelection.option, follow.spec,
      ],
    positionals: []
  )

  static let follow = Flag(
    "follow",
    help:
      "Keeps printing: a line at once, then every second and at every change, across runs.")

  static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    let forms = StatusForm.allCases.filter { arguments.value($0.option) != nil }
    let chosen = [arguments.flag("json"), arguments.flag("waybar")].filter { $0 }.count
    if chosen + forms.count > 1 {
      return UsageError(
        "give one of --json, --format, --tmux, --pango, --polybar, --i3blocks and --waybar",
        usage: spec.usage
      )
      .report(to: context.console)
    }
    let shape: Shape
    if let form = forms.first, let template = arguments.value(form.option) {
      shape = .line(form, template)
    } else if arguments.flag("waybar") {
      shape = .waybar
    } else if arguments.flag("json") {
      shape = .json
    } else {
      shape = .text
    }
    let wanted = arguments.value("run")
    let zone = context.timeZone
    if arguments[Self.follow] {
      guard shape != .text else {
        return UsageError(
          "--follow prints one line at a time: give it one of --format, --tmux, --pango, --polybar, --i3blocks, --waybar and --json",
          usage: spec.usage
        ).report(to: context.console)
      }
      // A change that leaves the line as it was is not told again; the second's line always is.
      var last = ""
      StatusFollower(directory: RuntimeDirectory(environment: context.environment)).follow(
        output: 1
      ) { runs, tick in
        let line = render(shape, runs, wanted: wanted, timeZone: zone, following: true).text
        if tick || line != last { context.console.out(line) }
        last = line
      }
      return .success
    }
    let runs = startOrder(
      ControlClient.live(in: RuntimeDirectory(environment: context.environment))
    ).map(\.status)
    if shape == .text {
      let shown = runs.filter { wanted == nil || $0.id == wanted }
      guard !shown.isEmpty else {
        guard let wanted, !runs.isEmpty else {
          context.console.out("No run is going.\n")
          return ExitCode(rawValue: 1)
        }
        // An id that names no run is a mistake, said on standard error, not a status.
        context.console.problem(
          "No run has the id \(QuotedText.quote(wanted)); cadence status lists the runs going.")
        return .unavailable
      }
      context.console.out(
        shown.map { StatusText.block($0, timeZone: zone) }.joined(separator: "\n"))
      return .success
    }
    let rendered = render(shape, runs, wanted: wanted, timeZone: zone)
    context.console.out(rendered.text)
    return rendered.shown ? .success : ExitCode(rawValue: 1)
  }

  /// What `status` prints, other than its text for people.
  enum Shape: Equatable {
    /// The blocks for people.
    case text
    /// A template's line, escaped for its sink.
    case line(StatusForm, String)
    case waybar
    case json
  }

  /// The line (newline included) that `shape` prints for `runs` (all those going, in the order
  /// they started), of the one `wanted` names or else the one started last; `shown` is false
  /// when there was none to show (the empty form is printed, as `following` says for its form).
  static func render(
    _ shape: Shape, _ runs: [RunStatus], wanted: String?, timeZone: Zone, following: Bool = false
  ) -> (text: String, shown: Bool) {
    let chosen = runs.filter { wanted == nil || $0.id == wanted }
    switch shape {
    case .line(let form, let template):
      guard let run = chosen.last else { return (form.empty(following: following) + "\n", false) }
      return (
        StatusText.format(template, run, runs: runs.count, timeZone: timeZone, form: form)
          + "\n", true
      )
    case .waybar:
      guard let run = chosen.last else { return ("{}\n", false) }
      return (
        StatusText.waybar(run, others: Array(chosen.dropLast().reversed()), timeZone: timeZone)
          + "\n",
        true
      )
    case .json, .text:
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      let data = (try? encoder.encode(chosen)) ?? Data("[]".utf8)
      return (JSONText.inert(String(decoding: data, as: UTF8.self)) + "\n", !chosen.isEmpty)
    }
  }

  /// The runs in the order they started (a run's id is its process's, which says nothing of
  /// when it started), the one started last at the end.
  static func startOrder(_ runs: [ControlClient.Live]) -> [ControlClient.Live] {
    runs.sorted {
      ($0.status.startedAt, Int($0.id) ?? 0, $0.id) < ($1.status.startedAt, Int($1.id) ?? 0, $1.id)
    }
  }
}
