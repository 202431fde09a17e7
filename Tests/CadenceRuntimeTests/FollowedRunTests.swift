import CadenceCore
import Foundation
import Testing

@testable import CadenceRuntime

/// A run followed over its stream, on instants a test picks (a manual clock): between the
/// stream's lines its status is told from the engine and the run's clock as the last line left
/// them, without asking; each line moves it on; and the follower's next line is due when the
/// time left turns to its next second.
@Suite struct FollowedRunTests {
  static let schedule = EngineSnapshotTests.schedule
  let start = ContinuousClock.now

  /// The status the socket answered before the stream began.
  static let asked = RunStatus(
    id: "42", pid: 42, path: "/tmp/test.lua", engine: Engine(schedule: schedule), now: 0,
    startWall: Date(timeIntervalSince1970: 1_000), mandatory: true)

  /// A stream line of `type` with `engine` as the run had it at `runMilliseconds` of its clock.
  func line(_ type: String, _ engine: Engine, runMilliseconds: Int64) throws -> [UInt8] {
    var message = WatchMessage(type: type)
    if type == "hello" {
      message.schedule = engine.schedule
      message.startedAt = 1_000_000
    }
    message.engine = engine.snapshot
    message.sent = runMilliseconds * 1000
    message.observed = runMilliseconds * 1000
    return Array(try JSONEncoder().encode(message)) + [10]
  }

  @Test func theTimeLeftIsToldFromTheLastLineAsTheClockGoes() throws {
    var followed = FollowedRun(status: Self.asked, at: start)
    #expect(followed.status(at: start + .seconds(5)) == Self.asked)
    var engine = Engine(schedule: Self.schedule)
    _ = engine.start(at: 0)
    let hello = try line("hello", engine, runMilliseconds: 2_000)
    // A line that arrives in two pieces is taken once it is whole.
    let half = followed.take(Array(hello.prefix(10)), at: start)
    let whole = followed.take(Array(hello.dropFirst(10)), at: start)
    #expect(!half && whole)
    let later = followed.status(at: start + .milliseconds(3_500))
    #expect(later.remainingMilliseconds == 4_500)
    #expect(later.elapsedMilliseconds == 5_500)
    #expect(later.state == "running")
    // What the stream does not say is kept from the answer: the process, path and rules.
    #expect(later.pid == 42 && later.path == "/tmp/test.lua" && later.mandatory)
    #expect(later.startedAt == 1_000_000)
    let finish: Int64? = 1_025_000
    #expect(later.finishAt == finish)
  }

  @Test func aPauseHoldsTheTimeLeftAndTheEndLetsTheRunGo() throws {
    var followed = FollowedRun(status: Self.asked, at: start)
    var engine = Engine(schedule: Self.schedule)
    _ = engine.start(at: 0)
    let greeted = followed.take(try line("hello", engine, runMilliseconds: 1_000), at: start)
    #expect(greeted)
    _ = engine.apply(.pause, at: 4_000)
    let paused = start + .seconds(3)
    let updated = followed.take(try line("update", engine, runMilliseconds: 4_000), at: paused)
    #expect(updated)
    for seconds in [0, 1, 60] {
      let status = followed.status(at: paused + .seconds(seconds))
      #expect(status.state == "paused")
      #expect(status.remainingMilliseconds == 6_000)
      #expect(status.finishAt == nil)
    }
    #expect(!followed.ended)
    var end = WatchMessage(type: "end")
    end.engine = engine.snapshot
    let ended = followed.take(Array(try JSONEncoder().encode(end)) + [10], at: paused)
    #expect(ended)
    #expect(followed.ended)
  }

  @Test func theNextLineIsDueWhenTheTimeLeftTurnsToItsNextSecond() {
    var status = Self.asked
    status.state = "running"
    status.kind = "work"
    status.remainingMilliseconds = 4_300
    #expect(StatusFollower.nextTick(after: start, showing: status) == start + .milliseconds(301))
    status.remainingMilliseconds = 4_000
    #expect(StatusFollower.nextTick(after: start, showing: status) == start + .milliseconds(1_001))
    // Paused, waiting for the user, or nothing shown: a line a second.
    status.state = "paused"
    #expect(StatusFollower.nextTick(after: start, showing: status) == start + .seconds(1))
    status.state = "running"
    status.kind = "manual"
    #expect(StatusFollower.nextTick(after: start, showing: status) == start + .seconds(1))
    #expect(StatusFollower.nextTick(after: start, showing: nil) == start + .seconds(1))
  }
}
