import CadenceSystem
import Dispatch

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
  func start(gone: @escaping () -> Void) {
    let hangup = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
    hangup.setEventHandler { [descriptor] in
      // A view sends nothing after its request: anything readable is the end of it.
      guard case .success(let bytes) = Descriptor.read(descriptor, limit: 256), !bytes.isEmpty
      else {
        gone()
        return
      }
    }
    hangup.resume()
    self.hangup = hangup
    self.gone = gone
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

  /// Sends what the backlog holds, waiting up to the connection's timeout: for the end of a
  /// run, so that a view that is behind still gets its last lines.
  func finishSending() {
    stopDraining()
    if !backlog.isEmpty { Descriptor.writeAll(descriptor, backlog) }
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
