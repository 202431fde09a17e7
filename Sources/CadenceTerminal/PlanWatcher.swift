import CadenceCore
import CadenceSystem
import CadenceText
import CadenceTime
import FoundationEssentials

/// `plan --watch`: plans a routine again each time its file is saved, so the maths updates as
/// you type (seed 000).
///
/// It looks at the file's inode, size and modification time every 200 ms. A failure (a bad
/// routine, a half-written file, a file that is gone for a moment) is shown where the plan
/// would be, and watching goes on. On a terminal the plan fills the screen and `q` or Ctrl-C
/// ends it; otherwise each plan follows a heading line, and a line `q` on standard input or a
/// signal ends it. With `--json` only the JSON objects go to standard output, one a pass; the
/// heading lines and failures go to standard error.
public struct PlanWatcher {
  /// What one plan came to: its text, and the messages saying why it failed (nil when it did
  /// not).
  public struct Pass {
    public var output: String
    public var failure: [String]?

    public init(output: String, failure: [String]?) {
      self.output = output
      self.failure = failure
    }
  }

  let path: String
  let context: CommandContext
  /// The file `--svg` writes on each pass, if any.
  let svgTarget: String?
  /// Whether the passes are JSON, so that standard output carries nothing else.
  let json: Bool
  /// Plans once, with the present as `context.now`.
  let plan: (CommandContext) -> Pass

  static let pollInterval = 200

  public init(
    path: String, context: CommandContext, svgTarget: String?, json: Bool = false,
    plan: @escaping (CommandContext) -> Pass
  ) {
    self.path = path
    self.context = context
    self.svgTarget = svgTarget
    self.json = json
    self.plan = plan
  }

  public func run() -> ExitCode {
    let fullScreen =
      context.console.isTerminal && Terminal.isTerminal(Descriptor.standardInput)
      && TerminalMode.enter()
    let signals = SignalWatcher()
    signals.watch([Signals.interrupt, Signals.terminate, Signals.hangUp]) { _ in Self.finish() }
    let keys: @Sendable (KeyReader.Key) -> Void = { key in
      if key == .character("q") || key == .character("Q") { Self.finish() }
    }
    if fullScreen { KeyReader.startKeys(keys) } else { KeyReader.startLines(keys) }

    var last: FileStamp?
    var first = true
    while true {
      let stamp = FileStamp(path: path)
      if first || stamp != last {
        first = false
        last = stamp
        show(stamp == nil ? nil : pass(), fullScreen: fullScreen)
      }
      MonotonicClock.sleep(milliseconds: Self.pollInterval)
    }
  }

  private func pass() -> Pass {
    var present = context
    present.now = context.clock.now()
    return plan(present)
  }

  /// Shows one pass: `nil` when the file is not there.
  private func show(_ pass: Pass?, fullScreen: Bool) {
    let time = TimeFormat.clock(context.timeZone.local(context.clock.now()))
    let shownPath = QuotedText.oneLine(path)
    var notes = ""
    if let pass {
      for message in pass.failure ?? [] { notes += QuotedText.oneLine(message) + "\n" }
      if pass.failure == nil, let target = svgTarget {
        notes += "Wrote \(QuotedText.oneLine(target)).\n"
      }
    } else {
      notes = "\(shownPath): no such file yet; waiting for it to be saved\n"
    }
    let output = pass?.output ?? ""
    let body = output + notes
    if json, !fullScreen {
      context.console.error("-- \(shownPath) at \(time) --\n" + notes)
      context.console.out(output)
    } else if fullScreen {
      let footer = "Watching \(shownPath), planned at \(time); saving re-plans, q quits."
      context.console.out("\u{1B}[H\u{1B}[2J" + body + "\n" + footer + "\n")
    } else {
      context.console.out("-- \(shownPath) at \(time) --\n" + body)
    }
  }

  /// Ends the watch: the terminal is given back by the exit handler full-screen mode set up;
  /// a write that failed on the way ends it with 74.
  private static func finish() -> Never {
    Processes.exit(OutputChannels.finish(.success).rawValue)
  }
}
