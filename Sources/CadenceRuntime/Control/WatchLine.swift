import CadenceCore
import CadenceText

/// The lines of a `watch` stream that go out at every event (update, notice, end), written
/// by hand: with a view attached, JSONEncoder took a third of a run's time at each event, on
/// the thread that keeps time. They are the JSON that `WatchMessage`'s Codable conformance
/// reads (a test holds the two to the same objects); the hello, which carries the schedule and
/// comes once a view, goes through JSONEncoder.
enum WatchLine {
  /// `message` as one JSON line, newline included; nil for one with a schedule (a hello).
  static func line(_ message: WatchMessage) -> [UInt8]? {
    guard message.schedule == nil else { return nil }
    var line = "{\"v\":\(message.v),\"type\":"
    JSONText.append(message.type, to: &line)
    field("startedAt", message.startedAt, to: &line)
    if let engine = message.engine {
      line += ",\"engine\":"
      append(engine, to: &line)
    }
    field("observed", message.observed, to: &line)
    field("sent", message.sent, to: &line)
    if let events = message.events {
      line += ",\"events\":["
      for (index, said) in events.enumerated() {
        if index > 0 { line += "," }
        line += "{\"event\":"
        append(said.event, to: &line)
        field("message", said.message, to: &line)
        field("title", said.title, to: &line)
        line += "}"
      }
      line += "]"
    }
    if let notices = message.notices {
      line += ",\"notices\":["
      for (index, notice) in notices.enumerated() {
        if index > 0 { line += "," }
        JSONText.append(notice, to: &line)
      }
      line += "]"
    }
    line += "}\n"
    return Array(line.utf8)
  }

  private static func append(_ engine: Engine.Snapshot, to line: inout String) {
    line += "{\"state\":"
    JSONText.append(engine.state, to: &line)
    line += ",\"since\":\(engine.since),\"index\":\(engine.index)"
    line += ",\"segmentLength\":\(engine.segmentLength)"
    line += ",\"elapsedBeforeSegment\":\(engine.elapsedBeforeSegment)"
    line +=
      ",\"skippedSegments\":[\(engine.skippedSegments.map(String.init).joined(separator: ","))]"
    line += ",\"skippedTime\":\(engine.skippedTime),\"pauseCount\":\(engine.pauseCount)"
    line += ",\"segmentsEnded\":\(engine.segmentsEnded),\"anchor\":\(engine.anchor)"
    line += ",\"elapsedAtAnchor\":\(engine.elapsedAtAnchor)"
    line += ",\"nextMilestone\":\(engine.nextMilestone),\"nextReminder\":\(engine.nextReminder)"
    line += ",\"endedLengths\":{"
    for (index, (segment, length)) in engine.endedLengths.sorted(by: { $0.key < $1.key })
      .enumerated()
    {
      line += "\(index > 0 ? "," : "")\"\(segment)\":\(length)"
    }
    line += "}}"
  }

  private static func append(_ event: EngineEvent, to line: inout String) {
    line += "{\"kind\":\"\(event.kind.rawValue)\""
    field("segment", event.segment, to: &line)
    line += ",\"due\":\(event.due),\"late\":\(event.late)"
    line += ",\"elapsed\":\(event.elapsed),\"total\":\(event.total)"
    field("label", event.label, to: &line)
    if let fraction = event.fraction, fraction.isFinite { line += ",\"fraction\":\(fraction)" }
    field("amount", event.amount, to: &line)
    line += "}"
  }

  private static func field<Number: BinaryInteger>(
    _ name: String, _ value: Number?, to line: inout String
  ) {
    if let value { line += ",\"\(name)\":\(value)" }
  }

  private static func field(_ name: String, _ value: String?, to line: inout String) {
    guard let value else { return }
    line += ",\"\(name)\":"
    JSONText.append(value, to: &line)
  }
}
