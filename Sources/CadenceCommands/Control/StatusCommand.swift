import CadenceArguments
import CadenceRuntime
import CadenceText
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
      escaped. --tmux, --pango and --polybar fill in the same template and escape the line for
      their sink, so a stranger's routine, step or task name is shown as it is and never read
      as markup: --tmux escapes # for the output of #(...) in a tmux format; --pango writes
      & < > " ' as entities, for i3blocks with markup=pango; --polybar keeps every %{ from
      opening a tag. --waybar prints a waybar custom module's JSON, its text and tooltip
      escaped as Pango markup. With no run going, these print an empty line ({} for waybar)
      and exit 1, so a status bar shows nothing. With several runs, they show the one started
      last unless --run names one; waybar's text then ends in +N (the others) and its tooltip
      lists every run.
      """,
    examples: [
      "cadence status",
      "cadence status --format '{remaining} {segment}'",
      "cadence status --tmux '{remaining} {segment}'",
      "cadence status --waybar",
    ],
    options: [OptionSpec("json", help: "Prints the runs as a JSON array.")]
      + StatusForm.allCases.map(\.spec)
      + [
        OptionSpec(
          "waybar", help: "Prints JSON for a waybar custom module, escaped as Pango markup."),
        RunSelection.option,
      ],
    positionals: []
  )

  static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    let forms = StatusForm.allCases.filter { arguments.value($0.option) != nil }
    let chosen = [arguments.flag("json"), arguments.flag("waybar")].filter { $0 }.count
    if chosen + forms.count > 1 {
      return UsageError(
        "give one of --json, --format, --tmux, --pango, --polybar and --waybar",
        usage: spec.usage
      )
      .report(to: context.console)
    }
    var runs = startOrder(
      ControlClient.live(in: RuntimeDirectory(environment: context.environment)))
    let going = runs.count
    if let wanted = arguments.value("run") { runs = runs.filter { $0.id == wanted } }
    let zone = context.timeZone
    if let form = forms.first, let template = arguments.value(form.option) {
      guard let run = runs.last else {
        context.console.out("\n")
        return ExitCode(rawValue: 1)
      }
      context.console.out(
        StatusText.format(template, run.status, runs: going, timeZone: zone, form: form) + "\n")
      return .success
    }
    if arguments.flag("waybar") {
      guard let run = runs.last else {
        context.console.out("{}\n")
        return ExitCode(rawValue: 1)
      }
      context.console.out(
        StatusText.waybar(
          run.status, others: runs.dropLast().reversed().map(\.status), timeZone: zone) + "\n")
      return .success
    }
    if arguments.flag("json") {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      let data = (try? encoder.encode(runs.map(\.status))) ?? Data("[]".utf8)
      context.console.out(JSONText.inert(String(decoding: data, as: UTF8.self)) + "\n")
      return runs.isEmpty ? ExitCode(rawValue: 1) : .success
    }
    guard !runs.isEmpty else {
      guard let wanted = arguments.value("run"), going > 0 else {
        context.console.out("No run is going.\n")
        return ExitCode(rawValue: 1)
      }
      // An id that names no run is a mistake, said on standard error, not a status.
      context.console.problem(
        "No run has the id \(QuotedText.quote(wanted)); cadence status lists the runs going.")
      return .unavailable
    }
    context.console.out(
      runs.map { StatusText.block($0.status, timeZone: zone) }.joined(separator: "\n"))
    return .success
  }

  /// The runs in the order they started (a run's id is its process's, which says nothing of
  /// when it started), the one started last at the end.
  static func startOrder(_ runs: [ControlClient.Live]) -> [ControlClient.Live] {
    runs.sorted {
      ($0.status.startedAt, Int($0.id) ?? 0, $0.id) < ($1.status.startedAt, Int($1.id) ?? 0, $1.id)
    }
  }
}
