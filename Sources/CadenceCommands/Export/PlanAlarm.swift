import CadenceCore

/// An instant of a plan at which a calendar should ring: a segment boundary, a milestone or a
/// reminder, with what happens then.
///
/// Several things at one instant make one alarm, their descriptions in the documented order
/// (milestones, then reminders, then the start of a segment), and the routine's finish last,
/// after any manual step that waits at its end.
struct PlanAlarm: Equatable {
  /// Routine time in milliseconds.
  var at: Int64
  var descriptions: [String]

  /// Every alarm of `schedule`, ordered by time.
  static func alarms(for schedule: Schedule) -> [PlanAlarm] {
    var moments: [(at: Int64, order: Int, text: String)] = []
    for segment in schedule.segments {
      moments.append((segment.start, 3, startText(segment)))
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
