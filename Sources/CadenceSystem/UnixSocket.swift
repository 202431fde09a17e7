import CSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Unix stream sockets: listening with mode 0600, connecting, and the peer's user id.
public enum UnixSocket {
  /// Listens at `path` (a stale socket file there is replaced). The socket appears at `path`
  /// already listening, so a client never mistakes it for a dead run's socket.
  public static func listen(at path: String) -> Result<Int32, Errno> {
    let descriptor = cadence_listen_unix(path, 16)
    return descriptor >= 0 ? .success(descriptor) : .failure(.current)
  }

  /// Connects to the socket at `path`.
  public static func connect(to path: String) -> Result<Int32, Errno> {
    let descriptor = cadence_connect_unix(path)
    return descriptor >= 0 ? .success(descriptor) : .failure(.current)
  }

  /// Accepts a connection (close-on-exec).
  public static func accept(_ listener: Int32) -> Result<Int32, Errno> {
    SystemCall.retrying { cadence_accept_cloexec(listener) }
  }

  /// Accepts a connection if one is waiting, without waiting for one (the listener must be
  /// non-blocking); the connection is non-blocking and close-on-exec.
  public static func acceptWaiting(_ listener: Int32) -> Result<Int32, Errno> {
    SystemCall.retrying { cadence_accept_nonblocking(listener) }
  }

  /// Sends as much of `bytes` as the connection takes now, without waiting: how many bytes
  /// went (0 when its buffer is full). A peer that hung up raises no SIGPIPE.
  public static func sendSome(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) -> Result<Int, Errno>
  {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes { buffer in
        SystemCall.retrying {
          send(
            descriptor, buffer.baseAddress! + offset, buffer.count - offset,
            Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL))
        }
      }
      switch sent {
      case .success(let count): offset += count
      case .failure(let error) where error.code == EAGAIN || error.code == EWOULDBLOCK:
        return .success(offset)
      case .failure(let error): return .failure(error)
      }
    }
    return .success(offset)
  }

  /// A connected pair of sockets, both closed on exec.
  public static func pair() -> Result<(Int32, Int32), Errno> {
    var ends: [Int32] = [-1, -1]
    let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    guard socketpair(AF_UNIX, type, 0, &ends) == 0 else { return .failure(.current) }
    return .success((ends[0], ends[1]))
  }

  /// The user id of the process at the other end (SO_PEERCRED).
  public static func peerUserID(_ descriptor: Int32) -> Result<UInt32, Errno> {
    var uid: uid_t = 0
    guard cadence_peer_uid(descriptor, &uid) == 0 else { return .failure(.current) }
    return .success(uid)
  }

  /// This process's effective user id.
  public static var ownUserID: UInt32 { geteuid() }

  /// Gives up waiting on a read or write after `seconds`.
  public static func setTimeout(_ descriptor: Int32, seconds: Double) {
    var value = timeval(
      tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1_000_000))
    let size = socklen_t(MemoryLayout<timeval>.size)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &value, size)
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &value, size)
  }
}

extension UnixSocket {
  /// Ends both directions of a connection, so that a thread blocked reading it wakes up.
  public static func shutdown(_ descriptor: Int32) {
    _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
  }
}

extension UnixSocket {
  /// Ends the writing direction of a connection: the peer reads the end of input.
  public static func shutdownWriting(_ descriptor: Int32) {
    _ = Glibc.shutdown(descriptor, Int32(SHUT_WR))
  }
}
