import CadenceCore
import CadenceRuntime

/// The frames of a timer's or a focus session's countdown (`CountdownScreen`): the state it
/// shows, brought up to date from the engine at each frame. Stopped, it shows 0:00 (seed 001).
public struct CountdownFrames: ViewFrames {
  var state: CountdownScreen.State

  public var drawsBeforeUpdate: Bool { true }

  public mutating func take(_ update: RunUpdate) -> Bool {
    for narration in update.narrations {
      if let message = narration.message, !message.isEmpty { state.message = message }
    }
    return false
  }

  public mutating func notice(_ text: String) -> Bool {
    state.message = text
    return false
  }

  public mutating func toggleStyle() { state.analogue.toggle() }

  public mutating func render(
    _ update: RunUpdate?, at moment: Int64, columns: Int, rows: Int, colour: Bool
  ) -> [String] {
    if let engine = update?.engine {
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
    return CountdownScreen.render(state, columns: columns, rows: rows, colour: colour)
  }

  /// Until the shown second changes, while the countdown counts.
  public func nextChange(_ update: RunUpdate?, at moment: Int64) -> Int64? {
    guard let engine = update?.engine, engine.state == .running else { return nil }
    return Self.untilSecondTurns(engine.total - engine.elapsed(at: moment))
  }

  public mutating func end(_ engine: Engine) -> Bool {
    guard engine.state == .stopped else { return false }
    state.remaining = 0
    state.stage = .counting(paused: false)
    return true
  }
}
