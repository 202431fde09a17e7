import CadenceCore
import CadenceSystem
import Synchronization

/// What a run hands its control socket's loop, and how it wakes it: the run's thread appends
/// to a list under a lock held for no more than that, and rings a bell (an eventfd) if the
/// loop has not been rung since it last looked. Nothing here waits on a client.
///
/// The run as it stands (its last update, recent messages and notices, its end) is kept here
/// too, so that a view that attaches gets it with nothing lost or told twice: the loop takes
/// what was handed and the standing together.
final class ControlInbox: Sendable {
  /// What the run hands over, in the order it happens.
  enum Handed: Sendable {
    case update(RunUpdate)
    case notice(String)
    /// The run is over: how it ended, and the sentence of its session if it was not recorded.
    case finish(Engine, unsaved: String?)
    /// The question put to the views, or nil once it is no longer open.
    case question(String?)
    /// Called once the loop has done what was handed before it (for tests).
    case settled(@Sendable () -> Void)
  }

  /// The run as it stands, for a view's hello.
  struct Standing: Sendable {
    var last: RunUpdate?
    var recent: [WatchMessage.Said] = []
    var notices: [String] = []
    var ended: Engine?
    var unsaved: String?
    var question: String?
  }

  /// What the loop takes at once.
  struct Taken {
    var handed: [Handed]
    var standing: Standing
    var closing: Bool
    /// The last view that answers went with a question open.
    var deserted: Bool
  }

  private struct State: Sendable {
    var standing = Standing()
    var handed: [Handed] = []
    /// Views attached or waiting for the first update: with none, nothing is handed (nor the
    /// loop woken), only the standing kept.
    var views = 0
    /// Those of them that answer questions (`cadence attach`, not a status bar's follower).
    var answerers = 0
    var rung = false
    var closing = false
  }

  let bell: Bell
  private let state = Mutex(State())

  init(bell: Bell) { self.bell = bell }

  func present(_ update: RunUpdate) {
    let said = update.narrations.map(WatchMessage.Said.init).filter { $0.message?.isEmpty == false }
    hand(.update(update)) { standing in
      standing.last = update
      standing.recent += said
      if standing.recent.count > ControlServer.kept {
        standing.recent.removeFirst(standing.recent.count - ControlServer.kept)
      }
    }
  }

  func notice(_ text: String) {
    hand(.notice(text)) { standing in
      standing.notices.append(text)
      if standing.notices.count > ControlServer.kept { standing.notices.removeFirst() }
    }
  }

  /// Puts `question` to the views (nil: takes it back); returns whether a view that answers
  /// is attached to be asked (a follower that only reads the stream is not one).
  func ask(_ question: String?) -> Bool {
    var watched = false
    hand(
      .question(question), recording: { $0.question = question },
      counting: { watched = $0.answerers > 0 })
    return watched
  }

  func finish(_ engine: Engine, unsaved: String?) {
    hand(.finish(engine, unsaved: unsaved)) { standing in
      standing.ended = engine
      standing.unsaved = unsaved
    }
  }

  /// Calls `done` on the loop's thread once it has done everything handed over before.
  func settle(_ done: @escaping @Sendable () -> Void) {
    state.withLock { $0.handed.append(.settled(done)) }
    bell.ring()
  }

  /// Asks the loop to close.
  func close() {
    state.withLock { $0.closing = true }
    bell.ring()
  }

  /// For the loop: what was handed since it last took, and the standing just after it, with
  /// `views` the number of views it has from now on (a new one included), `answerers` the
  /// number of them that answer questions.
  func take(views: Int, answerers: Int) -> Taken {
    state.withLock { state in
      let deserted = Self.count(&state, views: views, answerers: answerers)
      state.rung = false
      defer { state.handed = [] }
      return Taken(
        handed: state.handed, standing: state.standing, closing: state.closing,
        deserted: deserted)
    }
  }

  /// For the loop, once views have gone: how many it has now, and how many of them answer.
  /// True when the last that answered has gone with a question open: nobody is left to
  /// answer it.
  func count(views: Int, answerers: Int) -> Bool {
    state.withLock { Self.count(&$0, views: views, answerers: answerers) }
  }

  /// Whether a view that answers questions is attached now.
  var answered: Bool { state.withLock { $0.answerers > 0 } }

  private static func count(_ state: inout State, views: Int, answerers: Int) -> Bool {
    defer {
      state.views = views
      state.answerers = answerers
    }
    return state.answerers > 0 && answerers == 0 && state.standing.question != nil
  }

  private func hand(
    _ handed: Handed, recording: (inout Standing) -> Void,
    counting: (_ views: (all: Int, answerers: Int)) -> Void = { _ in }
  ) {
    let ring = state.withLock { state -> Bool in
      recording(&state.standing)
      counting((state.views, state.answerers))
      guard state.views > 0, !state.closing else { return false }
      state.handed.append(handed)
      defer { state.rung = true }
      return !state.rung
    }
    if ring { bell.ring() }
  }
}
