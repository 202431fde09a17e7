import CadenceSystem

/// One client of a run's control socket, as the server's loop sees it: a request being read,
/// a view on the stream, or a reply on its way out before the connection closes. Nothing on
/// it ever waits: what the socket does not take now is sent when poll says it can be.
///
/// Touched only on the control server's loop thread.
final class ControlConnection {
  enum Phase {
    /// The request is arriving, until its line ends or `deadline`.
    case reading(ControlLine.Partial)
    /// A view that asked before the run's first update: it gets its hello with it.
    case early
    /// A view on the stream: it is sent the stream from `position`.
    case watching
    /// A reply (or a finished run's last lines) is going out; then the connection closes.
    case leaving
  }

  let descriptor: Int32
  var phase: Phase
  /// When a request must have arrived, or a leaving connection have taken its last bytes
  /// (nanoseconds of DispatchTime).
  var deadline: UInt64
  /// Bytes for this connection alone (a reply, a hello), sent before any of the stream.
  private(set) var own: [UInt8] = []
  private var ownSent = 0
  /// A view's position in the stream.
  var position: Int64 = 0
  /// Whether the view answers the run's questions (it said so in its watch request).
  var answers = false
  /// Whether the view may still send something (it has not ended its writing side).
  var listening = true
  /// Whether its socket was full at the last send: then it waits for poll to say it can take
  /// more.
  private(set) var blocked = false

  init(descriptor: Int32, deadline: UInt64) {
    self.descriptor = descriptor
    self.deadline = deadline
    phase = .reading(ControlLine.Partial(limit: ControlRequest.maximumLength))
  }

  var isWatching: Bool {
    if case .watching = phase { return true }
    return false
  }

  /// Whether it is a view (attached, or waiting for the first update) that answers.
  var isAnswering: Bool {
    switch phase {
    case .early, .watching: answers
    case .reading, .leaving: false
    }
  }

  var isLeaving: Bool {
    if case .leaving = phase { return true }
    return false
  }

  /// Bytes of its own not yet sent.
  var ownPending: Int { own.count - ownSent }

  /// The storage its own bytes are kept in (which other connections may share), while some
  /// are still to be sent.
  var ownBuffer: (address: UInt, size: Int)? {
    guard ownPending > 0 else { return nil }
    let address = own.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    return (address, own.count)
  }

  /// How far behind the view is: what it has not taken of its own and of `log`.
  func behind(_ log: WatchLog) -> Int {
    ownPending + (isWatching ? Int(log.end - position) : 0)
  }

  /// Whether there is something to send.
  func hasPending(_ log: WatchLog) -> Bool { behind(log) > 0 }

  /// Queues `bytes` of its own, to go out before the rest of the stream.
  func queue(_ bytes: [UInt8]) {
    if ownSent == own.count {
      own = bytes
      ownSent = 0
    } else {
      own += bytes
    }
  }

  /// What poll should wait for on it.
  func events(_ log: WatchLog) -> PollEvents {
    var events: PollEvents = []
    switch phase {
    case .reading: events.insert(.readable)
    case .early, .watching: if listening { events.insert(.readable) }
    case .leaving: break
    }
    if blocked && hasPending(log) { events.insert(.writable) }
    return events
  }

  /// Poll said the socket can take more.
  func writable() { blocked = false }

  /// Sends what the socket takes now, without waiting; false when the connection failed.
  func send(_ log: WatchLog) -> Bool {
    guard !blocked else { return true }
    if ownSent < own.count {
      guard case .success(let count) = UnixSocket.sendSome(descriptor, own[ownSent...]) else {
        return false
      }
      ownSent += count
      guard ownSent == own.count else {
        blocked = true
        return true
      }
      own = []
      ownSent = 0
    }
    guard isWatching, position < log.end else { return true }
    let rest = log.after(position)
    guard case .success(let count) = UnixSocket.sendSome(descriptor, rest) else { return false }
    position += Int64(count)
    if count < rest.count { blocked = true }
    return true
  }

  func close() { Descriptor.close(descriptor) }
}
