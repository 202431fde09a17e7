import CadenceArguments
import CadenceCore
import CadenceOutput
import CadenceRuntime
import CadenceSystem
import CadenceText
import FoundationEssentials

/// `cadence pause`, `skip`, `stop` and `adjust`: act on a run that is going, from any
/// terminal, through its control socket.
enum ControlCommand {
  static func spec(_ name: String, abstract: String, discussion: String = "", example: String)
    -> CommandSpec
  {
    CommandSpec(
      name: name, abstract: abstract, discussion: discussion,
      examples: [example, "\(example) --run 4242"],
      options: [RunSelection.option.spec], positionals: [])
  }

  static let pause = spec(
    "pause", abstract: "Pauses the run that is going (resume continues it).",
    example: "cadence pause")
  static let skip = spec(
    "skip", abstract: "Ends the current step of the run that is going.", example: "cadence skip")
  static let stop = spec(
    "stop", abstract: "Stops the run that is going, and records it as stopped.",
    discussion:
      "stop returns once the run has recorded its session (waiting up to \(RunControl.stopAllowance / 1000) seconds), so that history and status straight after show it.",
    example: "cadence stop")
  static let adjust = CommandSpec(
    name: "adjust", abstract: "Lengthens or shortens the current step of the run that is going.",
    discussion:
      "AMOUNT is a duration with a sign: +1m adds a minute, -30s takes half a minute off.",
    examples: ["cadence adjust +1m", "cadence adjust -30s --run 4242"],
    options: [RunSelection.option.spec],
    positionals: [change.spec])

  /// `AMOUNT`: `+1m`, `-30s` or `90s` (added), in milliseconds, never zero.
  static let change = Positional<Int64>(
    "AMOUNT", help: "How much to add (+) or take off (-).",
    refusal: { "\(QuotedText.quote($0)) is not an amount; write it as +1m or -30s" },
    convert: { amount($0) })

  static func runPause(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    RunControl.act(.pause, verb: "Paused", arguments, context, usage: pause.usage) { before in
      switch before.state {
      case "paused": return "is already paused; cadence resume continues it"
      case "waiting": return "waits for you to finish a step and is not counting: nothing to pause"
      default: return nil
      }
    }
  }

  static func runSkip(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    RunControl.act(.skip, verb: "Skipped a step of", arguments, context, usage: skip.usage)
  }

  static func runStop(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    RunControl.act(.stop, verb: "Stopped", arguments, context, usage: stop.usage)
  }

  static func runAdjust(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    let amount = arguments[Self.change]!
    let what =
      amount > 0
      ? "Added \(DurationText.format(amount)) to" : "Took \(DurationText.format(-amount)) off"
    return RunControl.act(
      .adjust(amount), verb: what, arguments, context, usage: adjust.usage,
      refusal: { before in
        before.kind == "manual"
          ? "waits for you to finish a step, which has no length to adjust" : nil
      },
      told: { before in
        // Taking off what is left, or more, ends the step: say so rather than the amount.
        guard amount < 0, -amount >= before.remainingMilliseconds, let step = before.segment else {
          return nil
        }
        let left = DurationText.format(max(1000, before.remainingMilliseconds / 1000 * 1000))
        return "Ended the step \(TerminalText.line(step)) (it had \(left) left) of"
      })
  }

  /// `+1m`, `-30s` or `90s` (added), in milliseconds; nil when it is not a non-zero duration.
  static func amount(_ text: String) -> Int64? {
    var body = Substring(text)
    var sign: Int64 = 1
    if body.first == "+" || body.first == "-" {
      sign = body.first == "-" ? -1 : 1
      body = body.dropFirst()
    }
    guard let value = try? DurationText.parse(String(body)), value > 0 else { return nil }
    return sign * value
  }
}
