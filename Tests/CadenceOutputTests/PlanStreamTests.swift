import CadenceCore
import Foundation
import Testing

@testable import CadenceOutput

/// The exports written as they are made say exactly what they said when they were made whole:
/// the alarms merged in one pass are those that sorting every moment gave, and the JSON
/// written a segment at a time is the JSON object of the plan.
@Suite struct PlanStreamTests {
  /// Two sets with a reminder each, milestones that fall on boundaries and inside sets, and
  /// two manual steps waiting at the end, where the finish is.
  static let schedule = Schedule(
    name: "Ties",
    segments: [
      Segment(index: 1, name: "Set", kind: .work, start: 0, duration: 4000, round: 1, rounds: 2),
      Segment(index: 2, name: "Rest", kind: .pause, start: 4000, duration: 1000),
      Segment(index: 3, name: "Set", kind: .work, start: 5000, duration: 3000, round: 2, rounds: 2),
      Segment(index: 4, name: "Drain", kind: .manual, start: 8000, duration: 0),
      Segment(index: 5, name: "Serve", kind: .manual, start: 8000, duration: 0),
    ],
    events: [
      ScheduleEvent(kind: .milestone, at: 2000, label: "25%", fraction: 0.25),
      ScheduleEvent(kind: .reminder, at: 2000, label: "Stir", segment: 1),
      ScheduleEvent(kind: .reminder, at: 2000, label: "Taste", segment: 1),
      ScheduleEvent(kind: .milestone, at: 4000, label: "50%", fraction: 0.5),
      ScheduleEvent(kind: .milestone, at: 6000, label: "75%", fraction: 0.75),
      ScheduleEvent(kind: .reminder, at: 7000, label: "Stir", segment: 3),
      ScheduleEvent(kind: .milestone, at: 8000, label: "100%", fraction: 1),
    ],
    total: 8000)

  /// The alarms as they were made before: every moment gathered, then sorted.
  static func sortedAlarms(_ schedule: Schedule) -> [PlanAlarm] {
    var moments: [(at: Int64, order: Int, text: String)] = []
    for segment in schedule.segments {
      moments.append((segment.start, 3, PlanAlarm.startText(segment)))
    }
    moments.append((schedule.total, 4, "\(schedule.name) finished"))
    for event in schedule.events {
      switch event.kind {
      case .milestone: moments.append((event.at, 1, "\(event.label) done"))
      case .reminder: moments.append((event.at, 2, event.label))
      }
    }
    moments.sort { ($0.at, $0.order) < ($1.at, $1.order) }
    var alarms: [PlanAlarm] = []
    for moment in moments {
      if let last = alarms.last, last.at == moment.at {
        alarms[alarms.count - 1].descriptions.append(moment.text)
      } else {
        alarms.append(PlanAlarm(at: moment.at, descriptions: [moment.text]))
      }
    }
    return alarms
  }

  @Test func alarmsMergedInOnePassAreThoseSortingGave() {
    let alarms = PlanAlarm.alarms(for: Self.schedule)
    #expect(alarms == Self.sortedAlarms(Self.schedule))
    #expect(
      alarms.last?.descriptions == [
        "100% done", "Drain: your move", "Serve: your move", "Ties finished",
      ])
  }

  @Test func jsonWrittenAsItIsMadeIsThePlanObject() {
    let written = ChunkedText.collect { PlanJSON.write(Self.schedule, to: $0) }
    #expect(written == PlanJSON.object(for: Self.schedule).rendered + "\n")
  }

  @Test func chunksAreHandedOnAsTheyFillAndTheRestOnFlush() {
    var chunks: [String] = []
    let text = ChunkedText { chunks.append($0) }
    let line = String(repeating: "x", count: 1000) + "\n"
    for _ in 0..<200 { text.write(line) }
    #expect(chunks.count == 3)
    text.flush()
    #expect(chunks.count == 4)
    #expect(chunks.joined() == String(repeating: line, count: 200))
  }
}
