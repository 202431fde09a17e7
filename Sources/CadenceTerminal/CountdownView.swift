import CadenceCore
import CadenceRuntime
import Dispatch
import FoundationEssentials

/// The full-screen view of a timer or a focus session while it counts, as a run output:
/// redraws when the shown second changes, on a queue of its own, writing only changed lines.
/// Stopped, it shows 0:00 (seed 001).
public final class CountdownView: RunOutput, @unchecked Sendable {
  private let queue = DispatchQueue(label: "cadence.countdown", qos: .userInteractive)
  private let console: TerminalOutput

  // Touched only on `queue`.
  private var state: CountdownScreen.State
  private var update: RunUpdate?
  private lazy var painter = ScreenPainter(console: console)
  /// Redraws after resizes, one for a burst of them.
  private let resized = RedrawRequest()
  private lazy var redraws = RedrawTimer(queue: queue) { [weak self] in self?.draw(force: false) }
  private var closed = false

  /// Rings the terminal's bell where the run would ring, when no sound player does (a view
  /// attached from another terminal): whether a narration rings, nil for no bell.
  private let bell: (@Sendable (Narration) -> Bool)?

  public init(
    state: CountdownScreen.State, console: TerminalOutput,
    bell: (@Sendable (Narration) -> Bool)? = nil
  ) {
    self.bell = bell
    self.state = state
    self.console = console
  }

  public func present(_ update: RunUpdate) {
    queue.async {
      self.update = update
      for narration in update.narrations {
        if let message = narration.message, !message.isEmpty { self.state.message = message }
      }
      self.draw(force: false)
      // Once for the events of one instant, after the frame that shows them.
      if let bell = self.bell, !self.closed, update.narrations.contains(where: bell) {
        self.console.write("\u{07}")
      }
    }
  }

  public func notice(_ text: String) {
    queue.async {
      self.state.message = text
      self.draw(force: false)
    }
  }

  public func finish(_ engine: Engine) {
    queue.sync {
      redraws.cancel()
      if engine.state == .stopped {
        state.remaining = 0
        state.stage = .counting(paused: false)
        draw(force: false)
      }
      closed = true
    }
  }

  /// Stops drawing for good, the countdown going on: the terminal has gone.
  public func close() {
    queue.sync {
      redraws.cancel()
      closed = true
    }
  }

  /// Puts the question about idle time on return (its words), or takes it away (nil).
  public func ask(_ question: String?) {
    queue.async {
      self.state.asking = question != nil
      if let question { self.state.message = question }
      self.draw(force: false)
    }
  }

  /// Switches between the big digits and the analogue face.
  public func toggleStyle() {
    queue.async {
      self.state.analogue.toggle()
      self.draw(force: true)
    }
  }

  /// Redraws from scratch, after a resize; a burst of resizes draws once.
  public func redraw() {
    resized.ask(on: queue) { self.draw(force: true) }
  }

  private func draw(force: Bool) {
    guard !closed else { return }
    var moment: Int64 = 0
    if let update {
      let engine = update.engine
      moment = update.milliseconds(at: .now)
      if case .paused = engine.state {
        state.stage = .counting(paused: true)
      } else {
        state.stage = .counting(paused: false)
      }
      state.total = engine.total
      state.remaining =
        engine.isOver && engine.state == .finished
        ? 0 : max(0, engine.total - engine.elapsed(at: moment))
    }
    let size = TerminalMode.size()
    painter.paint(
      CountdownScreen.render(state, columns: size.columns, rows: size.rows, colour: console.colour),
      force: force)
    // Sleeps until the shown second changes.
    if let engine = update?.engine, engine.state == .running {
      redraws.wake(whenSecondTurns: engine.total - engine.elapsed(at: moment))
    } else {
      redraws.sleep()
    }
  }
}
