import CadenceSystem
import FoundationEssentials

/// The client side of the control socket: finds the runs that are going, asks one for its
/// status or to act, and opens the stream a view follows.
public enum ControlClient {
  /// A run that answered.
  public struct Live: Sendable {
    public var id: String
    public var socket: String
    public var status: RunStatus
  }

  /// Sends one request and reads the one-line reply.
  public static func request(_ request: ControlRequest, socket path: String) -> Result<
    ControlReply, ControlError
  > {
    let connection: Int32
    switch UnixSocket.connect(to: path) {
    case .success(let descriptor): connection = descriptor
    case .failure(let error):
      return .failure(unreachable(path, error))
    }
    defer { Descriptor.close(connection) }
    UnixSocket.setTimeout(connection, seconds: 5)
    guard Descriptor.writeAll(connection, request.line + "\n") else {
      return .failure(
        ControlError(
          "\(path): the run did not take the request; it may have just ended (cadence status shows the runs going)"
        ))
    }
    switch ControlLine.read(connection, limit: 1 << 20) {
    case .failure(let error): return .failure(error)
    case .success(let line):
      guard let reply = try? JSONDecoder().decode(ControlReply.self, from: Data(line)) else {
        return .failure(
          ControlError(
            "\(path): the run's reply could not be read; it may have just ended (cadence status shows the runs going)"
          ))
      }
      return .success(reply)
    }
  }

  /// The runs that answer in `directory`, oldest first; sockets left by runs that died are
  /// removed on the way.
  public static func live(in directory: RuntimeDirectory) -> [Live] {
    var runs: [Live] = []
    for id in directory.socketIDs() {
      let path = directory.socket(id)
      switch request(.status, socket: path) {
      case .success(let reply):
        if let status = reply.status { runs.append(Live(id: id, socket: path, status: status)) }
      case .failure: removeIfStale(path)
      }
    }
    return runs
  }

  /// Waits until the run listening on `path` has let its socket go, which it does once it has
  /// recorded its session and finished its outputs, for at most `milliseconds`: false when it
  /// still listens then. A socket left by a run that died is removed, not waited for.
  public static func awaitEnd(of path: String, within milliseconds: Int) -> Bool {
    let deadline = MonotonicClock.microseconds + Int64(milliseconds) * 1000
    var rounds = 0
    while case .success = PrivateFiles.status(path) {
      guard MonotonicClock.microseconds < deadline else { return false }
      rounds += 1
      if rounds % 20 == 0, removeIfStale(path) { return true }
      MonotonicClock.sleep(milliseconds: 5)
    }
    return true
  }

  /// Removes the socket at `path` if no run listens on it any more (its run died); true when
  /// it did.
  @discardableResult
  public static func removeIfStale(_ path: String) -> Bool {
    switch UnixSocket.connect(to: path) {
    case .success(let connection): Descriptor.close(connection)
    case .failure(let error) where error == .connectionRefused:
      _ = PrivateFiles.remove(path)
      return true
    case .failure: break
    }
    return false
  }

  /// Opens the stream of a run for a view: returns the connection, on which `WatchMessage`
  /// lines follow. A view that `answers` is asked the run's questions (`cadence attach`); a
  /// follower (`status --follow`) is not, so that a run followed only by it applies its
  /// setting rather than ask nobody.
  public static func watch(socket path: String, answers: Bool) -> Result<Int32, ControlError> {
    switch UnixSocket.connect(to: path) {
    case .failure(let error):
      return .failure(unreachable(path, error))
    case .success(let connection):
      guard Descriptor.writeAll(connection, ControlRequest.watch(answers: answers).line + "\n")
      else {
        Descriptor.close(connection)
        return .failure(
          ControlError(
            "\(path): the run did not take the request; it may have just ended (cadence status shows the runs going)"
          ))
      }
      return .success(connection)
    }
  }

  /// Why the socket at `path` could not be reached, as a sentence.
  private static func unreachable(_ path: String, _ error: Errno) -> ControlError {
    guard error != .nameTooLong else { return ControlError(RuntimeDirectory.tooLong(path)) }
    return ControlError(
      "\(path): cannot reach the run (\(error)); it may have just ended (cadence status shows the runs going)"
    )
  }
}
