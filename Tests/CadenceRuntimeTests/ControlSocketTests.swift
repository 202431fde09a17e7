import CadenceCore
import CadenceSystem
import CadenceTestSupport
import Foundation
import Testing

@testable import CadenceRuntime

/// The control socket in one process: requests and replies over a real Unix socket, malformed
/// and oversized requests answered with errors, and the credential check.
@Suite struct ControlSocketTests {
  final class FakeRun: RunControlling, @unchecked Sendable {
    let identity = RunIdentity(path: "fake.lua", source: [])
    let startWall = Date(timeIntervalSince1970: 1_800_000_000)
    var engine: Engine
    var received: [EngineCommand] = []

    init() {
      engine = Engine(schedule: EngineSnapshotTests.schedule)
      _ = engine.start(at: 0)
    }

    func send(_ command: EngineCommand) { received.append(command) }
    func standing() -> (engine: Engine, microseconds: Int64)? { (engine, 2_000_000) }
  }

  func server(
    refusal: @escaping @Sendable (EngineCommand) -> String? = { _ in nil }
  ) throws -> (ControlServer, FakeRun, String) {
    let folder = TemporaryFolder("sock").path
    let directory = RuntimeDirectory(environment: ["XDG_RUNTIME_DIR": folder])
    let server = try ControlServer(directory: directory, id: "test", refusal: refusal)
    let run = FakeRun()
    server.start(run)
    server.present(
      RunUpdate(narrations: [], engine: run.engine, observed: 2_000_000, observedAt: .now))
    return (server, run, directory.socket("test"))
  }

  /// Sends raw bytes and reads the one-line reply.
  func exchange(_ bytes: [UInt8], socket: String) throws -> ControlReply {
    let connection = try UnixSocket.connect(to: socket).get()
    defer { Descriptor.close(connection) }
    UnixSocket.setTimeout(connection, seconds: 5)
    Descriptor.writeAll(connection, bytes)
    UnixSocket.shutdownWriting(connection)
    let line = try ControlLine.read(connection, limit: 1 << 20).get()
    return try JSONDecoder().decode(ControlReply.self, from: Data(line))
  }

  @Test func statusAndCommandsAreAnswered() throws {
    let (server, run, socket) = try server()
    defer { server.close() }
    let status = try #require(
      try exchange(Array("{\"v\":1,\"cmd\":\"status\"}\n".utf8), socket: socket).status)
    #expect(status.segment == "A")
    #expect(status.remainingMilliseconds == 8_000)
    #expect(status.path == "fake.lua")
    let paused = try exchange(Array("{\"v\":1,\"cmd\":\"pause\"}\n".utf8), socket: socket)
    #expect(paused.ok)
    #expect(paused.status?.state == "paused")
    #expect(run.received == [.pause])
  }

  @Test func aRefusedCommandGetsAnErrorReplyAndNeverReachesTheRun() throws {
    let (server, run, socket) = try server { $0 == .skip ? "no skipping here" : nil }
    defer { server.close() }
    let skipped = try exchange(Array("{\"v\":1,\"cmd\":\"skip\"}\n".utf8), socket: socket)
    #expect(!skipped.ok)
    #expect(skipped.error == "no skipping here")
    #expect(skipped.status == nil)
    #expect(run.received.isEmpty)
    // What it does not refuse still reaches the run.
    #expect(try exchange(Array("{\"v\":1,\"cmd\":\"stop\"}\n".utf8), socket: socket).ok)
    #expect(run.received == [.stop])
  }

  @Test(arguments: [
    ("not json\n", "not a JSON object"),
    ("{\"v\":3,\"cmd\":\"status\"}\n", "protocol version 3"),
    ("{\"cmd\":\"status\"}\n", "no protocol version"),
    ("{\"v\":1,\"cmd\":\"explode\"}\n", "is not a command"),
    ("{\"v\":1,\"cmd\":\"adjust\"}\n", "adjust needs"),
    // The least Int64, whose absolute value overflowed and crashed the run.
    ("{\"v\":1,\"cmd\":\"adjust\",\"ms\":-9223372036854775808}\n", "adjust needs"),
    ("", "empty"),
  ])
  func malformedRequestsGetAnErrorReply(request: String, saying: String) throws {
    let (server, run, socket) = try server()
    defer { server.close() }
    let reply = try exchange(Array(request.utf8), socket: socket)
    #expect(!reply.ok)
    #expect(reply.error?.contains(saying) == true, "\(reply)")
    #expect(run.received.isEmpty)
    // The server is still answering.
    #expect(try exchange(Array("{\"v\":1,\"cmd\":\"status\"}\n".utf8), socket: socket).ok)
  }

  @Test func anOversizedRequestGetsAnErrorReply() throws {
    let (server, _, socket) = try server()
    defer { server.close() }
    let reply = try exchange(Array(repeating: UInt8(ascii: "x"), count: 100_000), socket: socket)
    #expect(reply.error == "the request is longer than 4096 bytes")
  }

  @Test func aRequestLeftUnfinishedIsToldSoWhenItsTimeIsUp() throws {
    let (server, _, socket) = try server()
    defer { server.close() }
    let connection = try UnixSocket.connect(to: socket).get()
    defer { Descriptor.close(connection) }
    UnixSocket.setTimeout(connection, seconds: 10)
    // No line feed, and the connection left open: the server waits its 2 seconds. Before, the
    // reply was "could not be read (Resource temporarily unavailable)".
    Descriptor.writeAll(connection, "{\"v\":1,\"cmd\":\"stat")
    let line = try ControlLine.read(connection, limit: 1 << 20).get()
    let reply = try JSONDecoder().decode(ControlReply.self, from: Data(line))
    #expect(reply.error == "the request did not end with a line feed in time; send it as one line")
  }

  @Test func onlyTheSameUserIsAccepted() throws {
    #expect(ControlServer.accepts(peer: UnixSocket.ownUserID))
    #expect(!ControlServer.accepts(peer: UnixSocket.ownUserID &+ 1))
    let (server, _, socket) = try server()
    defer { server.close() }
    var status = stat()
    #expect(stat(socket, &status) == 0)
    #expect(status.st_mode & 0o777 == 0o600)
    #expect(stat((socket as NSString).deletingLastPathComponent, &status) == 0)
    #expect(status.st_mode & 0o777 == 0o700)
  }
}
