import CadenceSystem
import CadenceTestSupport
import Foundation
import Synchronization
import Testing

@testable import CadenceRuntime

/// A run's socket appears already listening: `status` from another terminal removes a socket
/// that refuses connections (a dead run's), so a socket seen bound but not yet listening was
/// removed under a starting run, which then could not listen ("No such file or directory")
/// and stayed invisible to `status` for its whole life.
@Suite struct SocketAppearanceTests {
  func folder() throws -> RuntimeDirectory {
    let path = TemporaryFolder("appear").path
    let directory = RuntimeDirectory(environment: ["XDG_RUNTIME_DIR": path])
    #expect(directory.prepare() == nil)
    return directory
  }

  /// Connects without waiting (a full backlog says EAGAIN rather than blocking); the errno of
  /// a failure, 0 for a connection.
  static func knock(_ path: String) -> Int32 {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { bytes in
      for (index, byte) in path.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
    }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    return connected == 0 ? 0 : errno
  }

  @Test func listeningSurvivesAClientRemovingRefusedSockets() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(atPath: directory.path) }
    let done = Atomic(false)
    // Each attempt is a new run, with an id of its own (a process id).
    let current = Atomic(0)
    // What ControlClient.live does for every socket, as fast as it can: one that refuses
    // connections is taken for a dead run's and removed.
    let cleaner = Thread {
      while !done.load(ordering: .relaxed) {
        let path = directory.socket("\(current.load(ordering: .relaxed))")
        if Self.knock(path) == ECONNREFUSED { unlink(path) }
      }
    }
    cleaner.start()
    defer { done.store(true, ordering: .relaxed) }
    for attempt in 0..<400 {
      let path = directory.socket("\(attempt)")
      current.store(attempt, ordering: .relaxed)
      let listener = UnixSocket.listen(at: path)
      #expect(throws: Never.self, "attempt \(attempt)") { try listener.get() }
      // Listening: a connection is taken, or waits in a full backlog.
      let knocked = Self.knock(path)
      #expect(knocked == 0 || knocked == EAGAIN, "attempt \(attempt): errno \(knocked)")
      if case .success(let descriptor) = listener { Descriptor.close(descriptor) }
    }
  }

  @Test func aStaleSocketIsReplacedAndNothingIsLeftBeside() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(atPath: directory.path) }
    let path = directory.socket("stale")
    let dead = try UnixSocket.listen(at: path).get()
    Descriptor.close(dead)
    guard case .failure(.connectionRefused) = UnixSocket.connect(to: path) else {
      Issue.record("a closed listener's socket should refuse connections")
      return
    }
    let listener = try UnixSocket.listen(at: path).get()
    defer { Descriptor.close(listener) }
    let connection = try UnixSocket.connect(to: path).get()
    Descriptor.close(connection)
    var status = stat()
    #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o600)
    #expect(directory.socketIDs() == ["stale"])
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(names == ["stale.sock"])
  }
}
