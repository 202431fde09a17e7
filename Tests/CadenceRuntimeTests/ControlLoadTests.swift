import CadenceCore
import CadenceSystem
import Foundation
import Testing

@testable import CadenceRuntime

/// The control socket under load from the same user: idle connections, a cap on connections
/// and stalled views. One thread waits on them all, so none of them holds up the run, and
/// what stalled views leave untaken is kept within one budget for all of them.
@Suite struct ControlLoadTests: ControlServing {
  /// Connections that send nothing.
  func idle(_ count: Int, to socket: String) throws -> [Int32] {
    try (0..<count).map { _ in try UnixSocket.connect(to: socket).get() }
  }

  /// The reply a connection is given without asking anything.
  func unasked(_ connection: Int32) throws -> ControlReply {
    UnixSocket.setTimeout(connection, seconds: 5)
    let line = try ControlLine.read(connection, limit: 1 << 20).get()
    return try JSONDecoder().decode(ControlReply.self, from: Data(line))
  }

  /// Everything a view is sent until the server lets it go.
  func drained(_ connection: Int32) -> Int {
    var bytes = 0
    while case .success(let chunk) = Descriptor.read(connection), !chunk.isEmpty {
      bytes += chunk.count
    }
    return bytes
  }

  @Test func manyIdleConnectionsDoNotDelayAnEvent() throws {
    var limit = rlimit()
    getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    if limit.rlim_cur < 2048 {
      limit.rlim_cur = min(limit.rlim_max, 2048)
      setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    }
    let (server, run, socket) = try server()
    defer { withExtendedLifetime(run) { server.close() } }
    let (live, reader) = try watch(socket)
    defer { Descriptor.close(live) }
    // Before, each of these held a thread in a 2-second read, the pool ran dry, and the run's
    // thread waited in present for the 2 seconds.
    let idle = try idle(500, to: socket)
    defer { for connection in idle { Descriptor.close(connection) } }
    for observed in Int64(1)...5 {
      let handed = ContinuousClock.now
      server.present(update(run, observed: observed))
      #expect(ContinuousClock.now - handed < .milliseconds(250))
      #expect(reader.next()?.observed == observed)
      #expect(ContinuousClock.now - handed < .seconds(1))
    }
  }

  @Test func aConnectionPastTheCapIsRefusedWithASentence() throws {
    let (server, run, socket) = try server(connections: 8)
    defer { withExtendedLifetime(run) { server.close() } }
    var idle = try idle(8, to: socket)
    defer { for connection in idle { Descriptor.close(connection) } }
    let extra = try UnixSocket.connect(to: socket).get()
    defer { Descriptor.close(extra) }
    let refused = try unasked(extra)
    #expect(!refused.ok)
    #expect(
      refused.error
        == "refused: this run is already serving 8 connections; try again once some have closed")
    // And closed: nothing follows the line.
    #expect(drained(extra) == 0)
    // One that leaves makes room.
    Descriptor.close(idle.removeLast())
    var answered = false
    for _ in 0..<500 where !answered {
      let connection = try UnixSocket.connect(to: socket).get()
      defer { Descriptor.close(connection) }
      Descriptor.writeAll(connection, "{\"v\":1,\"cmd\":\"status\"}\n")
      answered = try unasked(connection).ok
      if !answered { usleep(10_000) }
    }
    #expect(answered)
  }

  @Test func stalledViewsAreLetGoTogetherAndWhatIsKeptStaysWithinTheBudget() throws {
    let budget = 1 << 20
    let (server, run, socket) = try server(budget: budget)
    defer { withExtendedLifetime(run) { server.close() } }
    var stalled: [Int32] = []
    defer { for connection in stalled { Descriptor.close(connection) } }
    for _ in 0..<40 { stalled.append(try watch(socket).0) }
    let (live, reader) = try watch(socket)
    defer { Descriptor.close(live) }
    // 6 MB for each view. Before, each stalled view kept up to 4 MB of its own: 160 MB here.
    let line = String(repeating: "x", count: 60_000)
    for index in 0..<100 {
      server.notice("\(index) \(line)")
      #expect(reader.next()?.notices?.first?.hasPrefix("\(index) ") == true)
    }
    server.settle()
    #expect(server.peakKept <= 2 * budget + 64_000, "\(server.peakKept) bytes kept")
    for connection in stalled {
      // Let go: after what its socket held, the end of the stream.
      let bytes = drained(connection)
      #expect(bytes > 0 && bytes < budget)
    }
  }

  @Test func theViewFurthestBehindIsLetGoFirst() throws {
    let budget = 2 << 20
    let (server, run, socket) = try server(budget: budget)
    defer { withExtendedLifetime(run) { server.close() } }
    let line = String(repeating: "y", count: 50_000)
    let (first, _) = try watch(socket)
    defer { Descriptor.close(first) }
    for index in 0..<20 { server.notice("\(index) \(line)") }
    server.settle()
    // The first view is 1 MB behind (less what its socket holds); the second starts here.
    let (second, secondReader) = try watch(socket)
    defer { Descriptor.close(second) }
    for index in 20..<50 { server.notice("\(index) \(line)") }
    server.settle()
    // The first is now more than the budget behind and is let go; the second, 1.5 MB behind,
    // is kept and loses nothing.
    #expect(drained(first) < budget)
    for index in 20..<50 {
      #expect(secondReader.next()?.notices?.first?.hasPrefix("\(index) ") == true)
    }
  }
}
