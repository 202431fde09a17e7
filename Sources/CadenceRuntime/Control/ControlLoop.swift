import CadenceCore
import CadenceDesktop
import CadenceSystem
import Dispatch
import FoundationEssentials
import Synchronization

/// The control socket's one thread: waits on the listener, every connection and the inbox's
/// bell at once with poll(), and never on any one of them. A request has 2 seconds from its
/// connection to arrive, and at most `limit` connections are served at once. Views share
/// one stream (`WatchLog`); those furthest behind are let go when all that they leave untaken
/// passes `budget`.
///
/// Everything but `run` (set before the thread starts) is touched only on that thread.
final class ControlLoop: @unchecked Sendable {
  /// How long a request has to arrive, and a reply or a finished run's last lines to leave.
  static let allowance: UInt64 = 2_000_000_000

  let id: String
  let path: String
  let inbox: ControlInbox
  let refusal: @Sendable (EngineCommand) -> String?
  let limit: Int
  let budget: Int
  weak var run: RunControlling?
  let encoder = JSONEncoder()
  /// The most the views have left untaken at once, in bytes kept for them (for tests).
  let peak = Atomic(0)
  /// How the run's countdown looks, for the views' hellos.
  let face = Mutex<CountdownFace?>(nil)
  /// Takes a view's answer to the question about idle time; false when none is open.
  let answering = Mutex<(@Sendable (IdleReturn) -> Bool)?>(nil)
  /// Told when the last view that answers has gone with the question open.
  let unanswered = Mutex<(@Sendable () -> Void)?>(nil)

  private let listener: Int32
  private var listenerOpen = true
  var connections: [Int32: ControlConnection] = [:]
  var log = WatchLog()
  var standing = ControlInbox.Standing()
  /// Once closing, when everything must be done.
  private var closing: UInt64?
  /// After the process ran out of descriptors, when to accept again.
  private var acceptAgain: UInt64 = 0
  /// Who waits for this turn of the loop to end (tests).
  private var settled: [@Sendable () -> Void] = []
  /// The hello of this turn of the loop, for the run as it stands: encoded once, however many
  /// views attach (a hello holds the whole schedule).
  var hello: [UInt8]?

  init(
    id: String, path: String, listener: Int32, inbox: ControlInbox,
    refusal: @escaping @Sendable (EngineCommand) -> String?, connections: Int, budget: Int
  ) {
    self.id = id
    self.path = path
    self.listener = listener
    self.inbox = inbox
    self.refusal = refusal
    limit = connections
    self.budget = budget
  }

  static var now: UInt64 { DispatchTime.now().uptimeNanoseconds }

  /// Serves until closed.
  func serve() {
    while true {
      hello = nil
      let accepting = closing == nil && Self.now >= acceptAgain
      var entries = [PollEntry(inbox.bell.descriptor, .readable)]
      if accepting { entries.append(PollEntry(listener, .readable)) }
      let polled = Array(connections.values)
      for connection in polled {
        entries.append(
          PollEntry(connection.descriptor, connection.events(log)))
      }
      _ = Descriptor.poll(&entries, milliseconds: timeout())
      if !entries[0].found.isEmpty { inbox.bell.drain() }
      catchUp()
      // What the run handed over goes out first, before any connection is looked at.
      sendAll()
      if accepting && !entries[1].found.isEmpty { acceptWaiting() }
      let first = accepting ? 2 : 1
      for (index, connection) in polled.enumerated() where !entries[first + index].found.isEmpty {
        // One let go meanwhile may have had its number taken by a new one.
        guard connections[connection.descriptor] === connection else { continue }
        ready(connection, entries[first + index].found)
      }
      expire()
      sendAll()
      keepWithinBudget()
      // The views let go this turn are not counted any more.
      if inbox.count(views: views, answerers: answerers) { desert() }
      for done in settled { done() }
      settled.removeAll()
      if let closing, connections.isEmpty || Self.now >= closing { break }
    }
    for connection in connections.values { connection.close() }
    connections.removeAll()
  }

  /// Stops listening and removes the socket (once).
  func closeListener() {
    guard listenerOpen else { return }
    listenerOpen = false
    _ = PrivateFiles.remove(path)
    Descriptor.close(listener)
  }

  /// Milliseconds to the next deadline, -1 for none: with nothing to time, the loop sleeps
  /// until something happens.
  private func timeout() -> Int32 {
    var next = closing ?? UInt64.max
    let now = Self.now
    if acceptAgain > now { next = min(next, acceptAgain) }
    for connection in connections.values {
      switch connection.phase {
      case .reading, .leaving: next = min(next, connection.deadline)
      case .early, .watching: break
      }
    }
    guard next < UInt64.max else { return -1 }
    guard next > now else { return 0 }
    return Int32(min((next - now + 999_999) / 1_000_000, 60_000))
  }

  /// Views attached or waiting for the first update.
  var views: Int {
    connections.values.count { connection in
      switch connection.phase {
      case .early, .watching: true
      case .reading, .leaving: false
      }
    }
  }

  /// Views that answer questions, attached or waiting for the first update.
  var answerers: Int { connections.values.count(where: \.isAnswering) }

  /// Takes what the run handed over and sends it on; greets the views waiting for the first
  /// update once there is one. What was handed and the standing are taken together, so a view
  /// greeted here gets everything after its hello, and nothing twice.
  func catchUp() {
    let taken = inbox.take(views: views, answerers: answerers)
    standing = taken.standing
    if taken.deserted { desert() }
    if !taken.handed.isEmpty { hello = nil }
    let watching = connections.values.contains(where: \.isWatching)
    for handed in taken.handed {
      if case .settled(let done) = handed {
        settled.append(done)
      } else if watching {
        log.append(line(handed))
      }
    }
    if taken.closing && closing == nil {
      closing = Self.now + Self.allowance
      closeListener()
    }
    guard standing.last != nil else { return }
    for connection in connections.values {
      if case .early = connection.phase { greet(connection) }
    }
  }

  /// Nobody that answers is left to be asked the open question: the run is told, so that it
  /// applies its setting.
  private func desert() {
    unanswered.withLock { $0 }?()
  }

  private func acceptWaiting() {
    while true {
      switch UnixSocket.acceptWaiting(listener) {
      case .success(let descriptor): admit(descriptor)
      case .failure(let error) where error.isShortage:
        // Out of descriptors: the listener stays readable, so stop looking for a moment
        // rather than spin.
        acceptAgain = Self.now + 100_000_000
        return
      case .failure(.connectionAborted): continue
      case .failure: return
      }
    }
  }

  private func admit(_ descriptor: Int32) {
    guard case .success(let uid) = UnixSocket.peerUserID(descriptor),
      ControlServer.accepts(peer: uid)
    else {
      refuse(descriptor, "refused: this run belongs to another user")
      return
    }
    guard connections.count < limit else {
      refuse(
        descriptor,
        "refused: this run is already serving \(limit) connections; try again once some have closed"
      )
      return
    }
    let connection = ControlConnection(descriptor: descriptor, deadline: Self.now + Self.allowance)
    connections[descriptor] = connection
    // The request is often there already.
    readRequest(connection)
  }

  /// Tells a connection it is not served, in one line, and closes it.
  private func refuse(_ descriptor: Int32, _ sentence: String) {
    _ = UnixSocket.sendSome(descriptor, encoded(ControlReply(ok: false, error: sentence))[...])
    Descriptor.close(descriptor)
  }

  private func ready(_ connection: ControlConnection, _ found: PollEvents) {
    if found.contains(.writable) { connection.writable() }
    switch connection.phase {
    case .reading: readRequest(connection)
    case .early, .watching:
      if !found.isDisjoint(with: .broken) {
        drop(connection)
      } else if found.contains(.readable) {
        listen(connection)
      }
    case .leaving:
      if !found.isDisjoint(with: .broken) { drop(connection) }
    }
  }

  /// Reads what a view sent after its request, which is not read as anything. A view that
  /// only ends its writing side (`nc -N`, `socat` reading a pipe) still gets the stream; one
  /// that has closed for good is let go.
  private func listen(_ connection: ControlConnection) {
    switch Descriptor.read(connection.descriptor, limit: 1024) {
    case .success(let bytes) where !bytes.isEmpty: return
    case .success: connection.listening = false
    case .failure(.wouldBlock): return
    case .failure: drop(connection)
    }
  }

  /// Lets go of requests whose time is up (told so) and replies not taken in time.
  private func expire() {
    let now = Self.now
    for connection in connections.values where now >= connection.deadline {
      switch connection.phase {
      case .reading:
        reply(connection, ControlReply(ok: false, error: ControlLine.unfinished.description))
      case .leaving: drop(connection)
      case .early, .watching: break
      }
    }
  }

  /// Sends each connection what its socket takes now; closes those that are done.
  private func sendAll() {
    for connection in connections.values {
      guard connection.send(log) else {
        drop(connection)
        continue
      }
      guard !connection.hasPending(log) else { continue }
      switch connection.phase {
      case .leaving: drop(connection)
      case .early, .watching: if closing != nil { drop(connection) }
      case .reading: break
      }
    }
  }

  /// Lets go of the views furthest behind while what all of them leave untaken is over the
  /// budget, then forgets what every view has taken.
  private func keepWithinBudget() {
    record(log.kept + Self.ownKept(connections.values))
    while true {
      let behind = connections.values.filter { $0.isWatching || $0.isLeaving }
      let oldest = behind.filter(\.isWatching).map(\.position).min() ?? log.end
      let untaken = Int(log.end - oldest) + Self.ownKept(behind)
      guard untaken > budget,
        let furthest = behind.max(by: { $0.behind(log) < $1.behind(log) })
      else {
        log.forget(before: oldest)
        return
      }
      drop(furthest)
    }
  }

  /// The bytes kept for what `connections` have of their own to send: a hello that several
  /// share is counted once, and whole while any of them has not sent all of it.
  private static func ownKept(_ connections: some Sequence<ControlConnection>) -> Int {
    var buffers: [UInt: Int] = [:]
    for connection in connections {
      if let own = connection.ownBuffer { buffers[own.address] = own.size }
    }
    return buffers.values.reduce(0, +)
  }

  private func record(_ kept: Int) {
    if kept > peak.load(ordering: .relaxed) { peak.store(kept, ordering: .relaxed) }
  }

  func drop(_ connection: ControlConnection) {
    guard connections.removeValue(forKey: connection.descriptor) === connection else { return }
    connection.close()
  }
}
