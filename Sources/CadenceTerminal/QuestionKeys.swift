import CadenceDesktop
import Synchronization

/// Which keys answer the question about idle time in a view attached from elsewhere: `k` and
/// `d` read after the question was drawn. A key read before it was drawn (a `d` pressed to
/// detach just as the question arrives) keeps its meaning and answers nothing.
///
/// Set from the stream's thread (`put`) and the view's (`drawn`), read from the keys'.
final class QuestionKeys: Sendable {
  typealias Instant = ContinuousClock.Instant

  private struct State {
    /// Counts the questions put and taken back, so that a late `drawn` is not taken for
    /// the question after it.
    var number = 0
    var open = false
    /// When the open question was drawn; nil until it is.
    var drawn: Instant?
  }

  private let state = Mutex(State())

  /// A question is put (`open`) or taken back; returns its number, for `drawn`.
  func put(open: Bool) -> Int {
    state.withLock { state in
      state.number += 1
      state.open = open
      state.drawn = nil
      return state.number
    }
  }

  /// The question numbered `number` was drawn at `instant`.
  func drawn(_ number: Int, at instant: Instant) {
    state.withLock { state in
      if state.number == number, state.open { state.drawn = instant }
    }
  }

  /// The answer `key`, read at `instant`, gives: keep for `k`, discard for `d`, only when a
  /// question is open and was drawn before the key was read; nil otherwise.
  func answer(_ key: KeyReader.Key, readAt instant: Instant) -> IdleReturn? {
    let choice: IdleReturn
    switch key {
    case .character("k"): choice = .keep
    case .character("d"): choice = .discard
    default: return nil
    }
    return state.withLock { state in
      guard state.open, let drawn = state.drawn, drawn <= instant else { return nil }
      return choice
    }
  }
}
