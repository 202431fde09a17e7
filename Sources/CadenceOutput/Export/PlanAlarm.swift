import CadenceCore

/// An instant of a plan at which a calendar should ring: a segment boundary, a milestone or a
/// reminder, with what happens then.
///
/// Several things at one instant make one alarm, their descriptions in the documented order
/// (milestones, then reminders, then the start of a segment), and the routine's finish last,
/// after any manual step that waits at its end.
public struct PlanAlarm: Equatable {
  /// Routine time in milliseconds.
  public var at: Int64
  public var descriptions: [String]

  /// Every alarm of `schedule`, ordered by time.
  public static func alarms(for schedule: Schedule) -> [PlanAlarm] {
    Array(Alarms(schedule))
  }

  /// The alarms of a schedule, made one at a time in order: the segments and the events are
  /// each ordered by time already, so they are merged as they go, never gathered and sorted.
  struct Alarms: Sequence, IteratorProtocol {
    private let schedule: Schedule
    private var segment = 0
    private var event = 0
    private var finished = false
    private var waiting: (at: Int64, text: String)?

    init(_ schedule: Schedule) {
      self.schedule = schedule
      waiting = nextMoment()
    }

    mutating func next() -> PlanAlarm? {
      guard let first = waiting else { return nil }
      var alarm = PlanAlarm(at: first.at, descriptions: [first.text])
      waiting = nextMoment()
      while let moment = waiting, moment.at == alarm.at {
        alarm.descriptions.append(moment.text)
        waiting = nextMoment()
      }
      return alarm
    }

    /// The next thing to happen: at one instant a milestone, then a reminder (the events'
    /// own order), then a segment's start, then the finish.
    private mutating func nextMoment() -> (at: Int64, text: String)? {
      let events = schedule.events
      let segments = schedule.segments
      let eventAt = event < events.count ? events[event].at : Int64.max
      let segmentAt = segment < segments.count ? segments[segment].start : Int64.max
      let finishAt = finished ? Int64.max : schedule.total
      if event < events.count, eventAt <= segmentAt, eventAt <= finishAt {
        defer { event += 1 }
        let happening = events[event]
        switch happening.kind {
        case .milestone: return (eventAt, "\(happening.label) done")
        case .reminder: return (eventAt, happening.label)
        }
      }
      if segment < segments.count, segmentAt <= finishAt {
        defer { segment += 1 }
        return (segmentAt, startText(segments[segment]))
      }
      guard !finished else { return nil }
      finished = true
      return (schedule.total, "\(schedule.name) finished")
    }
  }

  /// "Set 2/3 starts, 2:00", "Pause starts, 0:10", "Drain the pasta: your move".
  static func startText(_ segment: Segment) -> String {
    if segment.kind == .manual { return "\(segment.name): your move" }
    return "\(title(segment)) starts, \(DurationText.clock(segment.duration))"
  }

  /// A segment's name with its round, when it repeats: "Set 2/3".
  static func title(_ segment: Segment) -> String {
    guard let round = segment.round, let rounds = segment.rounds, rounds > 1 else {
      return segment.name
    }
    return "\(segment.name) \(round)/\(rounds)"
  }
}
