import CadenceCore
import Foundation
import Testing

@testable import CadenceRuntime

/// The hand-written watch lines are the JSON the Codable conformance writes and reads: the
/// same objects, key for key, and they decode to the same message.
@Suite struct WatchLineTests {
  static func engine() -> Engine.Snapshot {
    var engine = Engine(schedule: EngineSnapshotTests.schedule)
    _ = engine.start(at: 0)
    _ = engine.advance(to: 11_000)
    _ = engine.apply(.skip, at: 11_000)
    _ = engine.advance(to: 16_000)
    _ = engine.apply(.adjust(-2_000), at: 16_000)
    _ = engine.apply(.pause, at: 17_000)
    return engine.snapshot
  }

  static let events = [
    EngineEvent(kind: .start, due: 0, elapsed: 0, total: 25_000),
    EngineEvent(
      kind: .segmentStart, segment: 2, due: 10_000, late: 3, elapsed: 10_000, total: 25_000),
    EngineEvent(
      kind: .milestone, due: 12_500, elapsed: 12_500, total: 25_000, label: "50%", fraction: 0.5),
    EngineEvent(
      kind: .milestone, due: 1, elapsed: 1, total: 3, label: "a third", fraction: 1.0 / 3),
    EngineEvent(kind: .adjusted, segment: 3, due: 16_000, elapsed: 1, total: 2, amount: -2_000),
  ]

  static var messages: [WatchMessage] {
    var update = WatchMessage(type: "update")
    update.engine = engine()
    update.observed = 16_000_123
    update.sent = 16_000_456
    update.events = zip(
      events, [nil, "Rest: \"quote\" \\ tab\t", "50% done. ✓", "\u{1B}[31mred", nil]
    )
    .map { event, message in
      var said = WatchMessage.Said(
        Narration(
          event: event,
          context: HookContext(event: event, engine: Engine(schedule: EngineSnapshotTests.schedule))
        ))
      said.message = message
      said.title = message == nil ? nil : "Cadence · \u{202E}Test"
      return said
    }
    var notice = WatchMessage(type: "notice")
    notice.notices = ["fake.lua: print: hello\nworld", "é\u{0}\u{7F}\u{85}"]
    var end = WatchMessage(type: "end")
    end.engine = engine()
    end.unsaved = "Not saved: \u{202E}Gym from 09:00, 1m of 2m, stopped, 1 segment done.\n"
    var bare = WatchMessage(type: "update")
    bare.events = []
    return [update, notice, end, bare, WatchMessage(type: "update")]
  }

  @Test(arguments: 0..<5)
  func aLineIsTheJSONTheEncoderWrites(_ index: Int) throws {
    let message = Self.messages[index]
    let line = try #require(WatchLine.line(message))
    #expect(line.last == 10)
    #expect(!line.dropLast().contains(10))
    let encoded = try JSONEncoder().encode(message)
    let mine = try JSONSerialization.jsonObject(with: Data(line.dropLast())) as? NSDictionary
    let theirs = try JSONSerialization.jsonObject(with: encoded) as? NSDictionary
    #expect(mine != nil)
    #expect(mine == theirs)
    // And it reads back as the same message.
    let decoded = try JSONDecoder().decode(WatchMessage.self, from: Data(line.dropLast()))
    let sorted = JSONEncoder()
    sorted.outputFormatting = .sortedKeys
    #expect(try sorted.encode(decoded) == sorted.encode(message))
  }

  @Test func aHelloGoesThroughTheEncoder() {
    var hello = WatchMessage(type: "hello")
    hello.schedule = EngineSnapshotTests.schedule
    #expect(WatchLine.line(hello) == nil)
  }
}
