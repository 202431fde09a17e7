import CadenceCore
import CadenceRuntime
import Dispatch
import Foundation

/// The full-screen view of a timer or a focus session while it counts, as a run output:
/// redraws when the shown second changes, on a queue of its own, writing only changed lines.
/// Stopped, it shows 0:00 (seed 001).
final class CountdownView: RunOutput, @unchecked Sendable {
  private let queue = DispatchQueue(label: "cadence.countdown", qos: .userInteractive)
  private let console: Console

  // Touched only on `queue`.
  private var state: CountdownScreen.State
  private var update: RunUpdate?
  private var timer: DispatchSourceTimer?
  private var lastFrame: [String] = []
  private var closed = false

  init(state: CountdownScreen.State, console: Console) {
    self.state = state
    self.console = console
  }

  func present(_ update: RunUpdate) {
    queue.async {
      self.update = update
      for narration in update.narrations {
        if let message = narration.message, !message.isEmpty { self.state.message = message }
      }
      self.draw(force: false)
    }
  }

  func notice(_ text: String) {
    queue.async {
      self.state.message = text
      self.draw(force: false)
    }
  }

  func finish(_ engine: Engine) {
    queue.sync {
      timer?.cancel()
      timer = nil
      if engine.state == .stopped {
        state.remaining = 0
        state.stage = .counting(paused: false)
        draw(force: false)
      }
      closed = true
    }
  }

  /// Stops drawing for good, the countdown going on: the terminal has gone.
  func close() {
    queue.sync {
      timer?.cancel()
      timer = nil
      closed = true
    }
  }

  /// Switches between the big digits and the analogue face.
  func toggleStyle() {
    queue.async {
      self.state.analogue.toggle()
      self.draw(force: true)
    }
  }

  /// Redraws from scratch, after a resize.
  func redraw() {
    queue.async { self.draw(force: true) }
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
    let frame = CountdownScreen.render(
      state, columns: size.columns, rows: size.rows, colour: console.colour)
    if force || frame != lastFrame {
      var text = force || frame.count != lastFrame.count ? "\u{1B}[H\u{1B}[J" : ""
      for (offset, line) in frame.enumerated()
      where force || offset >= lastFrame.count || lastFrame[offset] != line {
        text += "\u{1B}[\(offset + 1);1H" + line + "\u{1B}[K"
      }
      console.out(text)
      lastFrame = frame
    }
    scheduleRedraw(at: moment)
  }

  /// Sleeps until the shown second changes.
  private func scheduleRedraw(at moment: Int64) {
    let source: DispatchSourceTimer
    if let timer {
      source = timer
    } else {
      source = DispatchSource.makeTimerSource(queue: queue)
      source.setEventHandler { [weak self] in self?.draw(force: false) }
      source.schedule(deadline: .distantFuture)
      source.resume()
      timer = source
    }
    guard let engine = update?.engine, engine.state == .running else {
      source.schedule(deadline: .distantFuture)
      return
    }
    let remaining = max(0, engine.total - engine.elapsed(at: moment))
    let delay = remaining % 1000 == 0 ? 1000 : remaining % 1000
    source.schedule(deadline: .now() + .milliseconds(Int(delay) + 1), leeway: .milliseconds(5))
  }
}
