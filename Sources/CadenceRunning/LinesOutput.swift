import CadenceCore
import CadenceOutput
import CadenceRuntime
import CadenceSystem

/// A run's events as lines: plain event lines, or one JSON object a line. Notices go to
/// standard error.
public final class LinesOutput: RunOutput {
  public enum Format {
    case plain
    case json
  }

  private let format: Format
  private let formatter: EventFormatter
  private let console: Console
  /// Whether JSON lines carry `late_us`, measured against the real clock.
  private let measured: Bool
  /// Whether to gather output and write it in large pieces (simulate's thousands of lines).
  private let buffered: Bool
  /// For `simulate`: whether to say what each action would do, and whether the routine is
  /// trusted; nil in a run, whose actions really run (or are reported skipped) elsewhere.
  private let describesActions: Bool?
  private var pending = ""

  public init(
    format: Format, formatter: EventFormatter, console: Console, measured: Bool, buffered: Bool,
    describesActions: Bool? = nil
  ) {
    self.describesActions = describesActions
    self.format = format
    self.formatter = formatter
    self.console = console
    self.measured = measured
    self.buffered = buffered
    if buffered { pending.reserveCapacity(1 << 16) }
  }

  public func present(_ update: RunUpdate) {
    let segments = update.engine.schedule.segments
    for narration in update.narrations {
      switch format {
      case .json:
        let late = measured ? update.lateness(of: narration.event) : nil
        pending += formatter.json(narration, lateMicroseconds: late) + "\n"
      case .plain:
        if !EventFormatter.isQuiet(narration.event, segments: segments) {
          pending += formatter.plain(narration) + "\n"
        }
        if let trusted = describesActions {
          for line in formatter.actionLines(narration, trusted: trusted) { pending += line + "\n" }
        }
      }
    }
    if !buffered || pending.utf8.count > 1 << 16 { flush() }
  }

  public func notice(_ text: String) { console.problem(text) }

  public func finish(_ engine: Engine) { flush() }

  private func flush() {
    guard !pending.isEmpty else { return }
    console.out(pending)
    pending.removeAll(keepingCapacity: buffered)
  }
}
