import CadenceCore
import CadenceSystem
import Dispatch
import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// A run's control socket: answers status and command requests from the same user, and
/// streams the run to attached views. It is one of the run's outputs, so a view attached at
/// any moment gets the run as the outputs saw it, then every update after: none is lost.
///
/// With nothing attached it costs nothing between events: no timer, no thread waiting.
public final class ControlServer: RunOutput, @unchecked Sendable {
  /// How many messages and notices a newly attached view is given.
  public static let kept = 4

  public let id: String
  public let path: String
  private let listener: Int32
  private let queue = DispatchQueue(label: "cadence.control")
  private let encoder = JSONEncoder()
  /// Requests being answered: `close` lets them finish, so that the reply to the `stop` that
  /// ended the run is written before the process exits.
  private let serving = DispatchGroup()
  /// Why a command is refused, as the sentence of the reply; nil for one the run takes.
  private let refusal: @Sendable (EngineCommand) -> String?

  // Touched only on `queue`.
  private weak var run: RunControlling?
  private var source: DispatchSourceRead?
  private var watchers: [Int32: WatchConnection] = [:]
  private var last: RunUpdate?
  private var recent: [WatchMessage.Said] = []
  private var notices: [String] = []
  private var ended: Engine?
  /// Views that asked before the run's first update: they get their hello with it.
  private var early: [Int32] = []

  /// Listens at `directory`'s socket for run `id`; the error is a sentence for the user.
  ///
  /// A command for which `refusal` gives a sentence is not sent to the run: the reply is an
  /// error with that sentence (a task's mandatory break refuses to be skipped or shortened).
  public init(
    directory: RuntimeDirectory, id: String,
    refusal: @escaping @Sendable (EngineCommand) -> String? = { _ in nil }
  ) throws(ControlError) {
    if let problem = directory.prepare() { throw ControlError(problem) }
    self.id = id
    self.refusal = refusal
    path = directory.socket(id)
    switch UnixSocket.listen(at: path) {
    case .success(let descriptor): listener = descriptor
    case .failure(let error) where error.code == ENAMETOOLONG:
      throw ControlError(RuntimeDirectory.tooLong(path))
    case .failure(let error):
      throw ControlError("\(path): cannot listen for control requests (\(error))")
    }
  }

  /// Starts answering for `run`.
  public func start(_ run: RunControlling) {
    queue.sync {
      self.run = run
      let source = DispatchSource.makeReadSource(fileDescriptor: listener, queue: queue)
      source.setEventHandler { [weak self] in self?.acceptOne() }
      source.resume()
      self.source = source
    }
  }

  /// Stops listening, removes the socket and lets attached views go, once the requests being
  /// answered are (up to 2 seconds, the time a connection is given) and the views have taken
  /// what they are owed (up to 2 seconds more, for all of them together).
  public func close() {
    _ = serving.wait(timeout: .now() + 2)
    queue.sync {
      source?.cancel()
      source = nil
      unlink(path)
      Descriptor.close(listener)
      let deadline = DispatchTime.now() + 2
      for watcher in watchers.values {
        watcher.finishSending(until: deadline)
        watcher.close()
      }
      watchers.removeAll()
      for connection in early { Descriptor.close(connection) }
      early.removeAll()
    }
  }

  // MARK: RunOutput

  /// Sends to views never wait on them: one that stops reading gets a backlog.
  public var neverWaits: Bool { true }

  // An update is sent on the caller's thread (the run's timing thread, or its output queue):
  // `sync` on a queue that is not busy runs the block right here, with no thread to wake. Nothing on the queue
  // waits on a view while the run goes on (sends never block), so neither does the run.

  public func present(_ update: RunUpdate) {
    queue.sync {
      self.last = update
      let waiting = self.early
      self.early.removeAll()
      for connection in waiting { self.attach(connection) }
      let said = update.narrations.map(WatchMessage.Said.init)
      self.recent += said.filter { $0.message?.isEmpty == false }
      if self.recent.count > Self.kept { self.recent.removeFirst(self.recent.count - Self.kept) }
      guard !self.watchers.isEmpty else { return }
      var message = WatchMessage(type: "update")
      message.engine = update.engine.snapshot
      message.observed = update.observed
      message.sent = self.run?.standing()?.microseconds ?? update.observed
      message.events = said
      self.broadcast(message)
    }
  }

  public func notice(_ text: String) {
    queue.sync {
      self.notices.append(text)
      if self.notices.count > Self.kept { self.notices.removeFirst() }
      var message = WatchMessage(type: "notice")
      message.notices = [text]
      self.broadcast(message)
    }
  }

  public func finish(_ engine: Engine) {
    queue.sync {
      ended = engine
      var message = WatchMessage(type: "end")
      message.engine = engine.snapshot
      broadcast(message)
    }
  }

  // MARK: Connections

  private func acceptOne() {
    guard case .success(let connection) = UnixSocket.accept(listener) else { return }
    UnixSocket.setTimeout(connection, seconds: 2)
    guard case .success(let uid) = UnixSocket.peerUserID(connection),
      ControlServer.accepts(peer: uid)
    else {
      reply(connection, ControlReply(ok: false, error: "refused: this run belongs to another user"))
      Descriptor.close(connection)
      return
    }
    // Each request on a queue of its own, so that a slow client holds up no other. Never a
    // global queue: its first worker thread starts libdispatch's pool monitor, which then
    // wakes the process every second for as long as it lives.
    serving.enter()
    DispatchQueue(label: "cadence.control.request").async {
      self.serve(connection)
      self.serving.leave()
    }
  }

  /// Whether a peer with user id `uid` may control this run: only its own user.
  public static func accepts(peer uid: UInt32) -> Bool { uid == UnixSocket.ownUserID }

  private func serve(_ connection: Int32) {
    let request: ControlRequest
    switch ControlLine.read(connection, limit: ControlRequest.maximumLength) {
    case .failure(let error):
      reply(connection, ControlReply(ok: false, error: error.description))
      Descriptor.close(connection)
      return
    case .success(let line):
      switch ControlRequest.parse(line) {
      case .failure(let error):
        reply(connection, ControlReply(ok: false, error: error.description))
        Descriptor.close(connection)
        return
      case .success(let parsed): request = parsed
      }
    }
    switch request {
    case .status:
      reply(connection, ControlReply(ok: true, status: status(after: nil)))
      Descriptor.close(connection)
    case .command(let command):
      if let reason = refusal(command) {
        reply(connection, ControlReply(ok: false, error: reason))
        Descriptor.close(connection)
        return
      }
      let predicted = status(after: command)
      run?.send(command)
      reply(connection, ControlReply(ok: true, status: predicted))
      Descriptor.close(connection)
    case .watch:
      queue.async { self.attach(connection) }
    }
  }

  /// The run's status now, or as it will be once `command` is applied.
  private func status(after command: EngineCommand?) -> RunStatus? {
    guard let run, let standing = run.standing() else { return nil }
    var engine = standing.engine
    let now = standing.microseconds / 1000
    if let command { _ = engine.apply(command, at: now) }
    return RunStatus(
      id: id, pid: Processes.current, path: run.identity.path, engine: engine, now: now,
      startWall: run.startWall, mandatory: run.identity.mandatoryBreak)
  }

  private func attach(_ connection: Int32) {
    guard let run else {
      Descriptor.close(connection)
      return
    }
    guard let last else {
      early.append(connection)
      return
    }
    var hello = WatchMessage(type: "hello")
    hello.schedule = last.engine.schedule
    hello.startedAt = Int64((run.startWall.timeIntervalSince1970 * 1000).rounded())
    hello.engine = (ended ?? last.engine).snapshot
    hello.observed = last.observed
    hello.sent = run.standing()?.microseconds ?? last.observed
    hello.events = recent
    hello.notices = notices
    let watcher = WatchConnection(descriptor: connection, queue: queue)
    guard watcher.send(encoded(hello)) else {
      watcher.close()
      return
    }
    if let ended {
      var end = WatchMessage(type: "end")
      end.engine = ended.snapshot
      _ = watcher.send(encoded(end))
      watcher.finishSending(until: .now() + 2)
      watcher.close()
      return
    }
    watcher.start { [weak self] in self?.drop(connection) }
    watchers[connection] = watcher
  }

  private func drop(_ connection: Int32) {
    watchers.removeValue(forKey: connection)?.close()
  }

  private func broadcast(_ message: WatchMessage) {
    guard !watchers.isEmpty else { return }
    let line = encoded(message)
    for (connection, watcher) in watchers where !watcher.send(line) { drop(connection) }
  }

  /// `message` as one JSON line.
  private func encoded(_ message: WatchMessage) -> [UInt8] {
    if let line = WatchLine.line(message) { return line }
    guard let data = try? encoder.encode(message) else { return [] }
    return Array(data) + [10]
  }

  private func reply(_ connection: Int32, _ reply: ControlReply) {
    guard let data = try? encoder.encode(reply) else { return }
    Descriptor.writeAll(connection, Array(data) + [10])
  }
}
