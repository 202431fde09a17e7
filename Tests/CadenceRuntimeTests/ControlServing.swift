import CadenceCore
import CadenceSystem
import CadenceTestSupport
import Foundation
import Testing

@testable import CadenceRuntime

/// What the tests of the control socket's streams share: a control server on a runtime folder
/// of the test's own serving a `FakeRun` (its first update presented), the updates it is given,
/// and views connected to it.
protocol ControlServing {}

extension ControlServing {
  typealias FakeRun = ControlSocketTests.FakeRun

  /// A server with at most `connections` at once and `budget` bytes untaken by stalled views;
  /// the server, its run and its socket's path.
  func server(connections: Int = ControlServer.connections, budget: Int = ControlServer.budget)
    throws -> (ControlServer, FakeRun, String)
  {
    let directory = RuntimeDirectory(
      environment: ["XDG_RUNTIME_DIR": TemporaryFolder("control").path])
    let server = try ControlServer(
      directory: directory, id: "test", connections: connections, budget: budget)
    let run = FakeRun()
    server.start(run)
    server.present(update(run, observed: 0))
    return (server, run, directory.socket("test"))
  }

  func update(_ run: FakeRun, observed: Int64) -> RunUpdate {
    RunUpdate(narrations: [], engine: run.engine, observed: observed, observedAt: .now)
  }

  /// Connects a view and reads its hello: one that `answers` questions (as `cadence attach`
  /// does), or a follower that does not (as a status bar's, or an older client's).
  func watch(_ socket: String, answers: Bool = false) throws -> (Int32, WatchReader) {
    let connection = try UnixSocket.connect(to: socket).get()
    UnixSocket.setTimeout(connection, seconds: 10)
    Descriptor.writeAll(connection, ControlRequest.watch(answers: answers).line + "\n")
    let reader = WatchReader(descriptor: connection)
    #expect(reader.next()?.type == "hello")
    return (connection, reader)
  }
}
