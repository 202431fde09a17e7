import CadenceCore
import CadenceSystem
import CadenceText
import FoundationEssentials

/// Requests and the lines of the stream, on the loop's thread.
extension ControlLoop {
  /// Reads what has arrived of a request, and answers it once its line is whole.
  func readRequest(_ connection: ControlConnection) {
    guard case .reading(var line) = connection.phase else { return }
    while true {
      switch Descriptor.read(connection.descriptor, limit: 1024) {
      case .failure(.wouldBlock):
        connection.phase = .reading(line)
        return
      case .failure(let error):
        reply(
          connection, ControlReply(ok: false, error: "the request could not be read (\(error))"))
        return
      case .success(let bytes):
        guard let read = line.take(bytes[...]) else { continue }
        switch read.flatMap({ ControlRequest.parse($0) }) {
        case .failure(let error):
          reply(connection, ControlReply(ok: false, error: error.description))
        case .success(let request): answer(connection, request)
        }
        return
      }
    }
  }

  private func answer(_ connection: ControlConnection, _ request: ControlRequest) {
    switch request {
    case .status:
      reply(connection, ControlReply(ok: true, status: status(after: nil)))
    case .command(let command):
      if let reason = refusal(command) {
        reply(connection, ControlReply(ok: false, error: reason))
        return
      }
      let predicted = status(after: command)
      run?.send(command)
      reply(connection, ControlReply(ok: true, status: predicted))
    case .idleReturn(let choice):
      if answering.withLock({ $0 })?(choice) == true {
        reply(connection, ControlReply(ok: true, status: status(after: nil)))
      } else {
        reply(connection, ControlReply(ok: false, error: "no question about idle time is open"))
      }
    case .watch(let answers):
      guard run != nil else {
        drop(connection)
        return
      }
      // Counted as a view from now on, so that nothing the run hands over is missed; greeted
      // once there is a first update. Asked the run's questions only if it answers them.
      connection.answers = answers
      connection.phase = .early
      catchUp()
    }
  }

  /// Sends `reply` and closes the connection once it is taken (2 seconds at most).
  func reply(_ connection: ControlConnection, _ reply: ControlReply) {
    connection.queue(encoded(reply))
    connection.phase = .leaving
    connection.deadline = Self.now + Self.allowance
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

  /// Gives a view its hello and puts it on the stream; a view of a run that has ended gets the
  /// end too, and is let go once it has taken them.
  func greet(_ connection: ControlConnection) {
    guard let run, let last = standing.last else {
      drop(connection)
      return
    }
    // Views greeted in the same turn share one hello (the bytes themselves, not a copy each).
    if hello == nil {
      var message = WatchMessage(type: "hello")
      message.schedule = last.engine.schedule
      message.startedAt = Int64((run.startWall.timeIntervalSince1970 * 1000).rounded())
      message.engine = (standing.ended ?? last.engine).snapshot
      message.observed = last.observed
      message.sent = run.standing()?.microseconds ?? last.observed
      message.events = standing.recent
      message.notices = standing.notices
      message.face = face.withLock { $0 }
      message.question = standing.question
      hello = encoded(message)
    }
    connection.queue(hello ?? [])
    if let ended = standing.ended {
      var end = WatchMessage(type: "end")
      end.engine = ended.snapshot
      end.unsaved = standing.unsaved
      connection.queue(encoded(end))
      connection.phase = .leaving
      connection.deadline = Self.now + Self.allowance
      return
    }
    connection.phase = .watching
    connection.position = log.end
  }

  /// The line of the stream for what the run handed over.
  func line(_ handed: ControlInbox.Handed) -> [UInt8] {
    switch handed {
    case .update(let update):
      var message = WatchMessage(type: "update")
      message.engine = update.engine.snapshot
      message.observed = update.observed
      message.sent = run?.standing()?.microseconds ?? update.observed
      message.events = update.narrations.map(WatchMessage.Said.init)
      return encoded(message)
    case .notice(let text):
      var message = WatchMessage(type: "notice")
      message.notices = [text]
      return encoded(message)
    case .finish(let engine, let unsaved):
      var message = WatchMessage(type: "end")
      message.engine = engine.snapshot
      message.unsaved = unsaved
      return encoded(message)
    case .question(let question):
      var message = WatchMessage(type: "question")
      message.question = question
      return encoded(message)
    case .settled: return []
    }
  }

  /// `message` as one JSON line.
  private func encoded(_ message: WatchMessage) -> [UInt8] {
    if let line = WatchLine.line(message) { return line }
    guard let data = try? encoder.encode(message) else { return [] }
    return JSONText.inert(Array(data)) + [10]
  }

  func encoded(_ reply: ControlReply) -> [UInt8] {
    guard let data = try? encoder.encode(reply) else { return [] }
    return JSONText.inert(Array(data)) + [10]
  }
}
