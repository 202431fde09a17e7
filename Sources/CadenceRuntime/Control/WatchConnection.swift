import CadenceSystem
import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// One view attached to a run's stream. Lines go out without waiting: what the view has not
/// yet taken waits in a backlog, sent as its socket drains, so a view that stops reading
/// holds up neither the run nor the other views. One that falls `limit` bytes behind is let
/// go.
///
/// Touched only on the control server's queue.
final class WatchConnection {
  /// How far behind a view may fall before it is let go: minutes of a busy run's updates.
  static let limit = 4 << 20

  let descriptor: Int32
  private let queue: DispatchQueue
  private var backlog: [UInt8] = []
  private var hangup: DispatchSourceRead?
  private var drain: DispatchSourceWrite?
  private var gone: (() -> Void)?

  init(descriptor: Int32, queue: DispatchQueue) {
    self.descriptor = descriptor
    self.queue = queue
  }

  /// Starts noticing the view hang up; `gone` is called on the queue when it does, or when
  /// its socket fails while the backlog drains.
  ///
  /// A view that only ends its writing side after the request (`nc -N`, or `socat` with input
  /// from a pipe) still gets the stream: the end of its input is not the end of it. Once it
  /// has closed for good, the next line sent to it fails and lets it go.
  func start(gone: @escaping () -> Void) {
    let hangup = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
    hangup.setEventHandler { [weak self, descriptor] in
      // What a view sends after its request is not read as anything: it is dropped.
      switch Descriptor.read(descriptor, limit: 256) {
      case .success(let bytes) where !bytes.isEmpty: return
      case .success where !Self.hungUp(descriptor):
        // Only its writing side is closed: nothing more will arrive, so stop listening.
        self?.hangup?.cancel()
        self?.hangup = nil
      default: gone()
      }
    }
    hangup.resume()
    self.hangup = hangup
    self.gone = gone
  }

  /// Whether the peer has closed both directions (POLLHUP), not only its writing side.
  private static func hungUp(_ descriptor: Int32) -> Bool {
    var entry = pollfd(fd: descriptor, events: 0, revents: 0)
    guard poll(&entry, 1, 0) == 1 else { return false }
    return entry.revents & Int16(POLLHUP | POLLERR) != 0
  }

  /// Sends `bytes` now, or keeps them for when the view can take them; false if the view is
  /// gone or too far behind.
  func send(_ bytes: [UInt8]) -> Bool {
    guard backlog.isEmpty else {
      backlog += bytes
      return backlog.count <= Self.limit
    }
    guard case .success(let count) = UnixSocket.sendSome(descriptor, bytes[...]) else {
      return false
    }
    guard count < bytes.count else { return true }
    backlog = Array(bytes[count...])
    let drain = DispatchSource.makeWriteSource(fileDescriptor: descriptor, queue: queue)
    drain.setEventHandler { [weak self] in self?.flush() }
    drain.resume()
    self.drain = drain
    return backlog.count <= Self.limit
  }

  /// Sends what the backlog holds, waiting for the view to take it until `deadline` at the
  /// latest: for the end of a run, so that a view that is behind still gets its last lines,
  /// while one that has stopped reading holds up the end no longer than the deadline. Every
  /// view is given the same deadline, so that a dozen stuck views cost no more than one.
  func finishSending(until deadline: DispatchTime) {
    stopDraining()
    while !backlog.isEmpty {
      guard case .success(let count) = UnixSocket.sendSome(descriptor, backlog[...]) else {
        break
      }
      backlog.removeFirst(count)
      let now = DispatchTime.now()
      guard !backlog.isEmpty, now < deadline else { break }
      let left = (deadline.uptimeNanoseconds - now.uptimeNanoseconds) / 1_000_000
      var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
      guard case .success(let ready) = SystemCall.retrying({ poll(&entry, 1, Int32(left + 1)) }),
        ready > 0
      else { break }
    }
    backlog.removeAll()
  }

  /// Stops watching the connection and closes it.
  func close() {
    stopDraining()
    hangup?.cancel()
    hangup = nil
    gone = nil
    Descriptor.close(descriptor)
  }

  private func flush() {
    switch UnixSocket.sendSome(descriptor, backlog[...]) {
    case .failure:
      stopDraining()
      gone?()
    case .success(let count):
      backlog.removeFirst(count)
      if backlog.isEmpty { stopDraining() }
    }
  }

  private func stopDraining() {
    drain?.cancel()
    drain = nil
  }
}
