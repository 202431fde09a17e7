import CadenceCore
import CadenceDesktop
import CadenceSystem
import Dispatch
import Synchronization

/// A run's control socket: answers status and command requests from the same user, and
/// streams the run to attached views. It is one of the run's outputs, so a view attached at
/// any moment gets the run as the outputs saw it, then every update after: none is lost.
///
/// One thread of its own waits on every connection at once with poll() (`ControlLoop`); the
/// run hands it updates without waiting (`ControlInbox`), so no client, and no number of
/// clients, holds up the run. With nothing attached it costs nothing between events: no
/// timer, no wake-up.
public final class ControlServer: RunOutput, @unchecked Sendable {
  /// How many messages and notices a newly attached view is given.
  public static let kept = 4
  /// How many connections are served at once; one more is told so and closed.
  public static let connections = 256
  /// What the views of a run may leave untaken, all together (the stream, kept once for all,
  /// and what each was sent for itself, its hello): past it, the views furthest behind are
  /// let go. Minutes of a busy run's updates.
  public static let budget = 4 << 20

  public let id: String
  public let path: String
  private let inbox: ControlInbox
  private let loop: ControlLoop
  private let ended = DispatchSemaphore(value: 0)
  /// Whether the loop's thread was started, and whether `close` has been called.
  private let state = Mutex((started: false, closed: false))

  /// Listens at `directory`'s socket for run `id`; the error is a sentence for the user.
  ///
  /// A command for which `refusal` gives a sentence is not sent to the run: the reply is an
  /// error with that sentence (a task's mandatory break refuses to be skipped or shortened).
  /// At most `connections` are served at once, and the views that fall behind may leave
  /// `budget` bytes untaken altogether.
  public init(
    directory: RuntimeDirectory, id: String,
    refusal: @escaping @Sendable (EngineCommand) -> String? = { _ in nil },
    connections: Int = ControlServer.connections, budget: Int = ControlServer.budget
  ) throws(ControlError) {
    if let problem = directory.prepare() { throw ControlError(problem) }
    self.id = id
    let path = directory.socket(id)
    self.path = path
    let bell: Bell
    switch Bell.make() {
    case .success(let made): bell = made
    case .failure(let error):
      throw ControlError("\(path): cannot listen for control requests (\(error))")
    }
    let listener: Int32
    switch UnixSocket.listen(at: path) {
    case .success(let descriptor): listener = descriptor
    case .failure(.nameTooLong):
      throw ControlError(RuntimeDirectory.tooLong(path))
    case .failure(let error):
      throw ControlError("\(path): cannot listen for control requests (\(error))")
    }
    Descriptor.setNonBlocking(listener)
    inbox = ControlInbox(bell: bell)
    loop = ControlLoop(
      id: id, path: path, listener: listener, inbox: inbox, refusal: refusal,
      connections: connections, budget: budget)
  }

  /// Tells the views that attach how the run's countdown looks (in their hello).
  public func show(_ face: CountdownFace) {
    loop.face.withLock { $0 = face }
  }

  /// Puts a question to the attached views (the words they show; nil takes it back), which
  /// they answer with an `idle-return` request; returns whether a view that answers is
  /// attached to be asked (one whose watch said `"answers":true`: `cadence attach`, not a
  /// status bar's follower). A view that attaches while it is open is asked too.
  @discardableResult
  public func ask(_ question: String?) -> Bool { inbox.ask(question) }

  /// What takes a view's answer to the question about idle time (`idle-return`): true when
  /// one was open and is answered.
  public func answering(_ answer: @escaping @Sendable (IdleReturn) -> Bool) {
    loop.answering.withLock { $0 = answer }
  }

  /// What is told, on the server's thread, when the last view that answers goes (it
  /// detached, or its connection dropped) while a question is open: nobody is left to answer.
  public func unanswered(_ told: @escaping @Sendable () -> Void) {
    loop.unanswered.withLock { $0 = told }
  }

  /// Whether a view that answers questions is attached now.
  public var isAnswered: Bool { inbox.answered }

  /// Starts answering for `run`, on a thread of the server's own.
  public func start(_ run: RunControlling) {
    loop.run = run
    let loop = loop
    let ended = ended
    // Room for JSONEncoder to write a hello, which it does recursively.
    let started = DetachedThread.start(stackSize: 1 << 20) {
      loop.serve()
      ended.signal()
    }
    state.withLock { $0.started = started }
  }

  /// Stops listening, removes the socket and lets attached views go, once the requests being
  /// answered are and the views have taken what they are owed: up to 2 seconds for all of
  /// them together.
  public func close() {
    let started = state.withLock { state -> Bool in
      defer { state.closed = true }
      return state.started && !state.closed
    }
    guard started else {
      loop.closeListener()
      return
    }
    inbox.close()
    _ = ended.wait(timeout: .now() + 5)
  }

  /// Returns once the loop has done everything handed over before (for tests).
  func settle() {
    let done = DispatchSemaphore(value: 0)
    inbox.settle { done.signal() }
    done.wait()
  }

  /// The most bytes kept at once for views that are behind (for tests).
  var peakKept: Int { loop.peak.load(ordering: .relaxed) }

  // MARK: RunOutput

  /// Handing an update over never waits: it is appended for the loop, which is woken.
  public var neverWaits: Bool { true }

  public func present(_ update: RunUpdate) { inbox.present(update) }

  public func notice(_ text: String) { inbox.notice(text) }

  public func finish(_ engine: Engine) { inbox.finish(engine, unsaved: nil) }

  /// The end goes to the views with the sentence of a session that was not recorded, which
  /// the view that started the run says and ends on (74).
  public func finish(_ engine: Engine, unsaved: String?) {
    inbox.finish(engine, unsaved: unsaved)
  }

  /// Whether a peer with user id `uid` may control this run: only its own user.
  public static func accepts(peer uid: UInt32) -> Bool { uid == UnixSocket.ownUserID }
}
