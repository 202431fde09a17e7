import CadenceCore
import CadenceSystem
import Foundation
import Testing

@testable import CadenceRuntime

/// The `watch` stream over a real Unix socket: updates leave on the run's own thread, and a
/// view that stops reading holds up neither the run nor another view, and loses nothing.
@Suite struct WatchStreamTests: ControlServing {
  /// Whether `connection` has something to read within `milliseconds`.
  func readable(_ connection: Int32, within milliseconds: Int32 = 0) -> Bool {
    var entry = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, milliseconds) == 1
  }

  @Test func anUpdateIsHandedOverAtOnceAndArrivesInOrder() throws {
    let (server, run, socket) = try server()
    defer { server.close() }
    let (connection, reader) = try watch(socket)
    defer { Descriptor.close(connection) }
    for observed in Int64(1)...20 {
      let handed = ContinuousClock.now
      server.present(update(run, observed: observed * 1000))
      // Handed to the server's own thread without waiting, which sends it at once.
      #expect(ContinuousClock.now - handed < .milliseconds(250))
      #expect(readable(connection, within: 1000))
      #expect(reader.next()?.observed == observed * 1000)
    }
  }

  @Test func aViewThatStopsReadingHoldsUpNoOneAndLosesNothing() throws {
    let (server, run, socket) = try server()
    defer { server.close() }
    let (stuck, stuckReader) = try watch(socket)
    defer { Descriptor.close(stuck) }
    let (live, liveReader) = try watch(socket)
    defer { Descriptor.close(live) }
    // Far more than a socket's buffers hold, and less than the backlog a view may have.
    // Before, the stuck view held the sends up for the socket's 2-second timeout, then was let
    // go with what it had not read.
    let count: Int64 = 3000
    for observed in 1...count {
      server.present(update(run, observed: observed))
      #expect(liveReader.next()?.observed == observed)
    }
    server.finish(run.engine)
    var seen: [Int64] = []
    while let message = stuckReader.next(), message.type != "end" {
      seen += message.observed.map { [$0] } ?? []
    }
    #expect(seen.elementsEqual(1...count), "\(seen.count) of \(count), the last \(seen.last ?? 0)")
  }

  /// The end of a run whose session could not be recorded carries its sentence, to a view
  /// that watched it end and to one that comes after; a recorded run's end carries none.
  @Test func theEndCarriesTheSentenceOfASessionThatWasNotRecorded() throws {
    let sentence = "Not saved: Gym from 09:00, 1m of 2m, stopped, 1 segment done."
    for unsaved in [sentence, nil] {
      let (server, run, socket) = try server()
      defer { server.close() }
      let (watching, watchingReader) = try watch(socket)
      defer { Descriptor.close(watching) }
      server.present(update(run, observed: 1000))
      #expect(watchingReader.next()?.observed == 1000)
      server.finish(run.engine, unsaved: unsaved)
      let end = watchingReader.next()
      #expect(end?.type == "end")
      #expect(end?.unsaved == unsaved)
      // Its hello read, the view that comes after the end gets the end next.
      let (late, lateReader) = try watch(socket)
      defer { Descriptor.close(late) }
      let lateEnd = lateReader.next()
      #expect(lateEnd?.type == "end")
      #expect(lateEnd?.unsaved == unsaved)
    }
  }

  @Test func aViewTooFarBehindIsLetGo() throws {
    let (server, run, socket) = try server()
    // The server holds its run weakly.
    defer { withExtendedLifetime(run) { server.close() } }
    let (stuck, _) = try watch(socket)
    defer { Descriptor.close(stuck) }
    let line = String(repeating: "x", count: 60_000)
    // Each notice is a line of about 60 kB: 4 MB of them is more than a view may fall behind.
    for _ in 0..<100 {
      server.notice(line)
    }
    server.settle()
    // The server closed its end: after what the buffers held, the view reads the end of input.
    var bytes = 0
    while case .success(let chunk) = Descriptor.read(stuck), !chunk.isEmpty { bytes += chunk.count }
    #expect(bytes > 0)
    #expect(bytes < ControlServer.budget)
  }

  @Test func aViewThatOnlyEndsItsWritingSideStillGetsTheStream() throws {
    let (server, run, socket) = try server()
    defer { server.close() }
    // As `nc -N` or `socat` with piped input do: the request, then the end of input.
    // Closed once, below, where the view leaves: a second close could take a descriptor
    // number another test has been given since.
    let (connection, reader) = try watch(socket)
    UnixSocket.shutdownWriting(connection)
    // Before, the server took the end of input for the view leaving and closed the stream,
    // which the view read here as the end.
    var entry = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
    #expect(poll(&entry, 1, 500) == 0)
    for observed in Int64(1)...3 {
      server.present(update(run, observed: observed))
      #expect(reader.next()?.observed == observed)
    }
    // Once it closes for good, it is let go at the next update, and the others still get it.
    let (other, otherReader) = try watch(socket)
    defer { Descriptor.close(other) }
    Descriptor.close(connection)
    server.present(update(run, observed: 4))
    server.present(update(run, observed: 5))
    #expect(otherReader.next()?.observed == 4)
    #expect(otherReader.next()?.observed == 5)
  }

  @Test func viewsThatStopReadingHoldUpTheEndForTwoSecondsAltogether() throws {
    let (server, run, socket) = try server()
    var stuck: [Int32] = []
    defer { for connection in stuck { Descriptor.close(connection) } }
    for _ in 0..<3 { stuck.append(try watch(socket).0) }
    // More than the sockets' buffers hold: each view has a backlog when the run ends.
    let line = String(repeating: "x", count: 60_000)
    for _ in 0..<20 { server.notice(line) }
    server.finish(run.engine)
    let started = ContinuousClock.now
    withExtendedLifetime(run) { server.close() }
    // Before, each view that did not read was given 2 seconds of its own: 6 here.
    #expect(ContinuousClock.now - started < .milliseconds(3500))
  }
}
