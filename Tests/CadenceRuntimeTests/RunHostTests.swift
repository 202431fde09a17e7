import CadenceCore
import CadenceStore
import CadenceTestSupport
import Foundation
import Synchronization
import Testing

@testable import CadenceRuntime

/// One host for every run: the outputs around its socket in one order, the ready handshake only
/// in the background, and what is told before the run starts shown once it does.
@Suite struct RunHostTests {
  let folder = TemporaryFolder("host")

  var environment: [String: String] { ["XDG_RUNTIME_DIR": folder.path("runtime")] }

  final class Notes: RunOutput, @unchecked Sendable {
    let said = Mutex<[String]>([])
    func present(_ update: RunUpdate) {}
    func notice(_ text: String) { said.withLock { $0.append(text) } }
    func finish(_ engine: Engine) {}
  }

  @Test(arguments: [false, true])
  func theFirstOutputsComeBeforeTheSocketAndTheReadySignalOnlyInTheBackground(background: Bool)
    throws
  {
    _ = try folder.created()
    let host = try RunHost(environment: environment, background: background, what: "run")
    defer { host.server?.close() }
    let first = Notes()
    let rest = Notes()
    let outputs = host.outputs(first: [first], rest: [rest])
    #expect(outputs.first === first)
    #expect(outputs.last === rest)
    #expect(outputs[1] is ControlServer)
    #expect(outputs.contains { $0 is ReadySignal } == background)
    #expect(outputs.count == (background ? 4 : 3))
  }

  @Test func whatIsToldBeforeTheRunStartsIsShownOnceItDoesAndASocketThatCannotOpenToo() throws {
    _ = try folder.created()
    // A runtime folder that cannot be made: in the foreground the run goes on without a socket.
    let host = try RunHost(
      environment: ["XDG_RUNTIME_DIR": "/dev/null/runtime"], background: false, what: "countdown")
    #expect(host.server == nil)
    host.notice("before")
    let notes = Notes()
    let driver = host.driver(
      schedule: EngineSnapshotTests.schedule,
      identity: RunIdentity(path: "host.lua", source: []), hooks: nil,
      outputs: host.outputs(rest: [notes]),
      recorder: RunRecorder(path: folder.path("cadence.db"), startWall: Date()) { _ in },
      startWall: Date(), resumption: nil)
    host.notice("after")
    driver.drain()
    let said = notes.said.withLock { $0 }
    #expect(said.count == 3)
    #expect(said.first?.hasSuffix("; cadence status cannot see this countdown.") == true)
    #expect(Array(said.dropFirst()) == ["before", "after"])
  }
}
