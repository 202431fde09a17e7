import CadenceCore
import CadenceText

/// The lines of a `watch` stream that go out at every event (update, notice, end), written
/// with ``JSONWriter``: with a view attached, JSONEncoder took a third of a run's time at each
/// event, on the thread that keeps time. They are the JSON that `WatchMessage`'s Codable
/// conformance reads (a test holds the two to the same objects); the hello, which carries the
/// schedule and comes once a view, goes through JSONEncoder.
enum WatchLine {
  /// `message` as one JSON line, newline included; nil for one with a schedule (a hello).
  static func line(_ message: WatchMessage) -> [UInt8]? {
    guard message.schedule == nil else { return nil }
    var json = JSONWriter()
    json.beginObject()
    json.member("v", message.v)
    json.member("type", message.type)
    present("startedAt", message.startedAt, to: &json)
    if let engine = message.engine {
      json.name("engine")
      write(engine, to: &json)
    }
    present("observed", message.observed, to: &json)
    present("sent", message.sent, to: &json)
    if let events = message.events {
      json.name("events")
      json.beginArray()
      for said in events {
        json.beginObject()
        json.name("event")
        write(said.event, to: &json)
        present("message", said.message, to: &json)
        present("title", said.title, to: &json)
        json.endObject()
      }
      json.endArray()
    }
    present("question", message.question, to: &json)
    present("unsaved", message.unsaved, to: &json)
    if let notices = message.notices {
      json.name("notices")
      json.beginArray()
      for notice in notices { json.string(notice) }
      json.endArray()
    }
    json.endObject()
    return json.bytes + [0x0A]
  }

  private static func write(_ engine: Engine.Snapshot, to json: inout JSONWriter) {
    json.beginObject()
    json.member("state", engine.state)
    json.member("since", engine.since)
    json.member("index", engine.index)
    json.member("segmentLength", engine.segmentLength)
    json.member("elapsedBeforeSegment", engine.elapsedBeforeSegment)
    json.name("skippedSegments")
    json.beginArray()
    for segment in engine.skippedSegments { json.integer(segment) }
    json.endArray()
    json.member("skippedTime", engine.skippedTime)
    json.member("pauseCount", engine.pauseCount)
    json.member("segmentsEnded", engine.segmentsEnded)
    json.member("anchor", engine.anchor)
    json.member("elapsedAtAnchor", engine.elapsedAtAnchor)
    json.member("nextMilestone", engine.nextMilestone)
    json.member("nextReminder", engine.nextReminder)
    json.name("endedLengths")
    json.beginObject()
    for (segment, length) in engine.endedLengths.sorted(by: { $0.key < $1.key }) {
      json.member(String(segment), length)
    }
    json.endObject()
    json.endObject()
  }

  private static func write(_ event: EngineEvent, to json: inout JSONWriter) {
    json.beginObject()
    json.member("kind", event.kind.rawValue)
    present("segment", event.segment, to: &json)
    json.member("due", event.due)
    json.member("late", event.late)
    json.member("elapsed", event.elapsed)
    json.member("total", event.total)
    present("label", event.label, to: &json)
    if let fraction = event.fraction, fraction.isFinite {
      json.name("fraction")
      json.number(fraction)
    }
    present("amount", event.amount, to: &json)
    json.endObject()
  }

  /// A member only when it has a value, as Codable's synthesised encoding leaves out a nil.
  private static func present<Number: BinaryInteger>(
    _ name: String, _ value: Number?, to json: inout JSONWriter
  ) {
    if let value { json.member(name, value) }
  }

  private static func present(_ name: String, _ value: String?, to json: inout JSONWriter) {
    if let value { json.member(name, value) }
  }
}
