extension Engine {
  enum Target {
    case milestone
    case reminder
    case segmentEnd
  }

  /// The next thing due in the current segment, in segment-elapsed terms.
  func nextTarget() -> (kind: Target, segmentElapsed: Int64)? {
    guard state == .running, index < schedule.segments.count else { return nil }
    var best: (kind: Target, segmentElapsed: Int64) = (.segmentEnd, segmentLength)
    if let offset = pendingReminder()?.offset, offset < best.segmentElapsed {
      best = (.reminder, offset)
    }
    if let position = milestonePosition(nextMilestone) {
      let relative = position - elapsedBeforeSegment
      if relative < segmentLength, relative <= best.segmentElapsed {
        best = (.milestone, max(0, relative))
      }
    }
    return best
  }

  /// Where milestone `number` falls in routine time, for the routine's length as it stands.
  func milestonePosition(_ number: Int) -> Int64? {
    guard number < milestones.count else { return nil }
    return Int64((milestones[number].fraction * Double(total)).rounded())
  }

  func pendingReminder() -> (offset: Int64, label: String)? {
    guard let list = reminders[index], nextReminder < list.count,
      list[nextReminder].offset < segmentLength
    else { return nil }
    return list[nextReminder]
  }

  /// Starts the run at instant `now`.
  public mutating func start(at now: Int64) -> [EngineEvent] {
    guard state == .ready, !schedule.segments.isEmpty else { return [] }
    state = .running
    anchor = now
    var events = [event(.start, due: now, now: now)]
    events += beginSegment(0, at: now, now: now)
    return events
  }

  /// Fires, in order and once each, everything due at or before `now`.
  public mutating func advance(to now: Int64) -> [EngineEvent] {
    var events: [EngineEvent] = []
    while state == .running, let target = nextTarget() {
      let due = anchor + (target.segmentElapsed - elapsedAtAnchor)
      guard due <= now else { break }
      switch target.kind {
      case .milestone:
        events.append(fireMilestone(due: due, now: now))
      case .reminder:
        let reminder = pendingReminder()!
        nextReminder += 1
        events.append(
          event(
            .reminder, due: due, now: now, segment: index + 1,
            elapsed: elapsedBeforeSegment + reminder.offset, label: reminder.label))
      case .segmentEnd:
        events += endSegment(due: due, now: now)
      }
    }
    return events
  }

  mutating func fireMilestone(due: Int64, now: Int64) -> EngineEvent {
    let milestone = milestones[nextMilestone]
    let position = milestonePosition(nextMilestone)!
    nextMilestone += 1
    return event(
      .milestone, due: due, now: now, segment: index + 1,
      elapsed: min(position, total), label: milestone.label, fraction: milestone.fraction)
  }

  /// Ends the current segment at `due`, fires the milestones it reaches, and starts the next
  /// segment (or finishes). A skip passes over, untold, the milestones it jumps past: the
  /// routine as it now stands had them behind it, and telling them now would be telling them
  /// late. One that falls just where the skip ends, and the finish's, are told.
  mutating func endSegment(
    due: Int64, now: Int64, amount: Int64? = nil, skipping: Bool = false
  ) -> [EngineEvent] {
    let endElapsed = elapsedBeforeSegment + segmentLength
    if segmentLength != schedule.segments[index].duration { endedLengths[index] = segmentLength }
    var events = [
      event(
        .segmentEnd, due: due, now: now, segment: index + 1, elapsed: endElapsed, amount: amount)
    ]
    elapsedBeforeSegment = endElapsed
    segmentsEnded += 1
    segmentLength = 0
    elapsedAtAnchor = 0
    while let position = milestonePosition(nextMilestone), position <= endElapsed {
      if skipping, position < endElapsed, milestones[nextMilestone].fraction < 1 {
        nextMilestone += 1
      } else {
        events.append(fireMilestone(due: due, now: now))
      }
    }
    if index + 1 < schedule.segments.count {
      events += beginSegment(index + 1, at: due, now: now)
    } else {
      index = schedule.segments.count
      segmentLength = 0
      while nextMilestone < milestones.count {
        events.append(fireMilestone(due: due, now: now))
      }
      state = .finished
      events.append(event(.finish, due: due, now: now))
    }
    return events
  }

  mutating func beginSegment(_ position: Int, at due: Int64, now: Int64) -> [EngineEvent] {
    index = position
    let segment = schedule.segments[position]
    segmentLength = segment.duration
    nextReminder = 0
    anchor = due
    elapsedAtAnchor = 0
    let started = event(.segmentStart, due: due, now: now, segment: position + 1)
    if segment.kind == .manual {
      state = .waiting(since: due)
    }
    return [started]
  }

  func event(
    _ kind: EngineEvent.Kind, due: Int64, now: Int64, segment: Int? = nil, elapsed: Int64? = nil,
    label: String? = nil, fraction: Double? = nil, amount: Int64? = nil
  ) -> EngineEvent {
    EngineEvent(
      kind: kind, segment: segment, due: due, late: max(0, now - due),
      elapsed: elapsed ?? elapsedBeforeSegment
        + (index < schedule.segments.count ? elapsedAtAnchor : 0),
      total: total, label: label, fraction: fraction, amount: amount)
  }
}
