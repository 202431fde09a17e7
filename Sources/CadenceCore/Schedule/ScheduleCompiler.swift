import CadenceTime
import FoundationEssentials

/// Compiles a validated routine into an exact schedule: integer milliseconds, segments that
/// add up to the whole, remainders spread by rounding each boundary of the exact division.
public enum ScheduleCompiler {
  /// The most segments a routine may expand into.
  public static let maximumSegments = 1_000_000
  /// The most reminders a routine may produce.
  public static let maximumReminders = 1_000_000

  /// Compiles `routine`. `now` and `timeZone` place a frame's clock-time finish.
  public static func compile(_ routine: Routine, now: Date, timeZone: Zone)
    throws(RoutineError) -> Schedule
  {
    var segments: [Segment] = []
    var reminderRules: [Int: [ReminderRule]] = [:]
    switch routine.body {
    case .frame(let frame):
      let length = frameLength(frame.end, now: now, timeZone: timeZone)
      segments = try FrameDivision(frame: frame, length: length).segments()
    case .steps(let steps):
      let count = segmentCount(steps)
      guard count <= maximumSegments else {
        let shown = count == Int.max ? "far more" : Spelling.count(count)
        throw RoutineError(
          "expands to \(shown) segments, more than the limit of \(Spelling.count(maximumSegments)); use fewer rounds",
          at: "steps")
      }
      segments.reserveCapacity(count)
      var clock: Int64 = 0
      try expand(steps, context: nil, clock: &clock, into: &segments, reminders: &reminderRules)
    }

    let total = segments.last.map { $0.end } ?? 0
    guard total > 0 else {
      throw RoutineError(
        "the routine has no timed steps; give at least one step a duration", at: "steps")
    }
    guard total <= DurationText.maximum else {
      throw RoutineError(
        "the routine lasts \(DurationText.format(total)), longer than the limit of \(DurationText.format(DurationText.maximum))"
      )
    }

    var events = milestones(routine.milestones, total: total)
    events += try reminders(reminderRules, segments: segments)
    events = order(events)
    return Schedule(
      name: routine.name, segments: segments, events: events, total: total,
      parameters: routine.parameters, hooks: routine.hooks, tags: routine.tags,
      theme: routine.theme)
  }

  static func frameLength(_ end: Frame.End, now: Date, timeZone: Zone) -> Int64 {
    switch end {
    case .length(let length):
      return length
    case .finish(let time):
      let finish = time.nextOccurrence(after: now, in: timeZone)
      return Int64((finish.timeIntervalSince(now) * 1000).rounded())
    }
  }

  /// How many segments `steps` expand into, saturating at `Int.max`.
  static func segmentCount(_ steps: [Step]) -> Int {
    var total = 0
    for step in steps {
      let count: Int
      switch step {
      case .segment:
        count = 1
      case .block(let block):
        let (inner, overflowInner) = segmentCount(block.steps).multipliedReportingOverflow(
          by: block.rounds)
        let (between, overflowBetween) = segmentCount(block.between).multipliedReportingOverflow(
          by: block.rounds - 1)
        let (sum, overflowSum) = inner.addingReportingOverflow(between)
        count = overflowInner || overflowBetween || overflowSum ? Int.max : sum
      }
      let (sum, overflow) = total.addingReportingOverflow(count)
      total = overflow ? Int.max : sum
    }
    return total
  }

  private static func expand(
    _ steps: [Step], context: (round: Int, rounds: Int)?, clock: inout Int64,
    into segments: inout [Segment], reminders: inout [Int: [ReminderRule]]
  ) throws(RoutineError) {
    for step in steps {
      switch step {
      case .segment(let spec):
        let index = segments.count + 1
        segments.append(
          Segment(
            index: index, name: spec.name, kind: spec.kind, start: clock, duration: spec.duration,
            round: context?.round, rounds: context?.rounds, overtime: spec.overtime,
            focus: spec.focus))
        if !spec.reminders.isEmpty { reminders[index] = spec.reminders }
        clock += spec.duration
        guard clock <= DurationText.maximum else {
          throw RoutineError(
            "the routine lasts longer than the limit of \(DurationText.format(DurationText.maximum))",
            at: "steps")
        }
      case .block(let block):
        for round in 1...block.rounds {
          let inner = block.rounds > 1 ? (round, block.rounds) : context
          try expand(
            block.steps, context: inner, clock: &clock, into: &segments, reminders: &reminders)
          if round < block.rounds {
            // One fewer rest than rounds: the rests count among themselves (1/2, 2/2 for three
            // rounds), and a lone rest between two rounds is not numbered.
            let rest = block.rounds > 2 ? (round, block.rounds - 1) : context
            try expand(
              block.between, context: rest, clock: &clock, into: &segments, reminders: &reminders)
          }
        }
      }
    }
  }

  private static func milestones(_ fractions: [Double], total: Int64) -> [ScheduleEvent] {
    fractions.map { fraction in
      ScheduleEvent(
        kind: .milestone, at: Int64((fraction * Double(total)).rounded()),
        label: Schedule.milestoneLabel(fraction), fraction: fraction)
    }
  }

  private static func reminders(_ rules: [Int: [ReminderRule]], segments: [Segment])
    throws(RoutineError) -> [ScheduleEvent]
  {
    var count: Int64 = 0
    for (index, list) in rules {
      for rule in list { count += rule.count(within: segments[index - 1].duration) }
    }
    guard count <= maximumReminders else {
      throw RoutineError(
        "the reminders add up to \(Spelling.count(Int(count))), more than the limit of \(Spelling.count(maximumReminders)); remind less often",
        at: "steps")
    }
    var events: [ScheduleEvent] = []
    events.reserveCapacity(Int(count))
    for index in rules.keys.sorted() {
      let segment = segments[index - 1]
      for rule in rules[index]! {
        for offset in rule.offsets(within: segment.duration) {
          events.append(
            ScheduleEvent(
              kind: .reminder, at: segment.start + offset, label: rule.label, segment: index))
        }
      }
    }
    return events
  }

  /// Orders events by time; at one instant milestones come before reminders, and otherwise
  /// the order they were made in stays.
  static func order(_ events: [ScheduleEvent]) -> [ScheduleEvent] {
    events.enumerated().sorted { lhs, rhs in
      if lhs.element.at != rhs.element.at { return lhs.element.at < rhs.element.at }
      let lhsRank = lhs.element.kind == .milestone ? 0 : 1
      let rhsRank = rhs.element.kind == .milestone ? 0 : 1
      if lhsRank != rhsRank { return lhsRank < rhsRank }
      return lhs.offset < rhs.offset
    }.map(\.element)
  }
}
