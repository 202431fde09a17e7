extension Engine {
  /// Applies a user command at instant `now`, first firing whatever fell due before it.
  public mutating func apply(_ command: EngineCommand, at now: Int64) -> [EngineEvent] {
    var events = advance(to: now)
    switch command {
    case .togglePause:
      if case .paused = state {
        events += resume(at: now)
      } else {
        events += pause(at: now)
      }
    case .pause: events += pause(at: now)
    case .resume: events += resume(at: now)
    case .skip: events += skip(at: now)
    case .adjust(let amount): events += adjust(by: amount, at: now)
    case .complete: events += complete(at: now)
    case .stop: events += stop(at: now)
    case .pauseBackdated(let amount): events += pause(backdatedBy: amount, at: now)
    case .credit(let amount): events += credit(amount, at: now)
    }
    return events
  }

  mutating func pause(at now: Int64) -> [EngineEvent] {
    guard state == .running else { return [] }
    elapsedAtAnchor = segmentElapsed(at: now)
    anchor = now
    state = .paused(since: now)
    pauseCount += 1
    return [event(.paused, due: now, now: now, segment: index + 1)]
  }

  /// Pauses as of `amount` milliseconds before `now`, but not before the anchor (the current
  /// segment's start or the last resume): the run's time since then does not count. The
  /// `paused` event is due when the pause took effect and late by the rest. Events that fired
  /// in between stay fired.
  mutating func pause(backdatedBy amount: Int64, at now: Int64) -> [EngineEvent] {
    guard state == .running else { return [] }
    let since = max(anchor, now - max(0, amount))
    elapsedAtAnchor = segmentElapsed(at: since)
    anchor = since
    state = .paused(since: since)
    pauseCount += 1
    return [event(.paused, due: since, now: now, segment: index + 1)]
  }

  /// Counts `amount` milliseconds (time spent away, paused) as run time now, running or
  /// paused, no further than the current timed segment's end (which then ends now). The
  /// milestones and reminders it passes are passed over untold, as a shortening's are: they
  /// fell while the person was away.
  mutating func credit(_ amount: Int64, at now: Int64) -> [EngineEvent] {
    guard amount > 0, state == .running || isPaused, schedule.segments[index].kind != .manual
    else { return [] }
    let done = segmentElapsed(at: now)
    let credited = min(amount, segmentLength - done)
    guard credited > 0 else { return [] }
    elapsedAtAnchor = done + credited
    anchor = now
    passOverMilestones(behind: elapsedBeforeSegment + elapsedAtAnchor)
    if let list = reminders[index] {
      while nextReminder < list.count, list[nextReminder].offset < elapsedAtAnchor {
        nextReminder += 1
      }
    }
    var events = [
      event(.credited, due: now, now: now, segment: index + 1, amount: credited)
    ]
    if state == .running { events += advance(to: now) }
    return events
  }

  mutating func resume(at now: Int64) -> [EngineEvent] {
    guard case .paused = state else { return [] }
    anchor = now
    state = .running
    return [event(.resumed, due: now, now: now, segment: index + 1)]
  }

  /// Ends the current segment now; the time it had left leaves the routine, so the routine's
  /// length (and the place of later milestones) shrinks: milestones it jumps past are not told
  /// (see `endSegment`). Its remaining reminders are dropped.
  mutating func skip(at now: Int64) -> [EngineEvent] {
    switch state {
    case .waiting:
      return complete(at: now)
    case .running, .paused:
      let wasPaused = state != .running
      let done = segmentElapsed(at: now)
      skippedTime += segmentLength - done
      skippedSegments.append(index + 1)
      segmentLength = done
      var events = [
        event(
          .skipped, due: now, now: now, segment: index + 1, elapsed: elapsedBeforeSegment + done)
      ]
      state = .running
      anchor = now
      elapsedAtAnchor = done
      events += endSegment(due: now, now: now, skipping: true)
      if wasPaused, state == .running {
        elapsedAtAnchor = segmentElapsed(at: now)
        anchor = now
        state = .paused(since: now)
      }
      return events
    default:
      return []
    }
  }

  /// Lengthens or shortens the current timed segment; shortening past what has elapsed ends it
  /// now.
  mutating func adjust(by amount: Int64, at now: Int64) -> [EngineEvent] {
    guard state == .running || isPaused, schedule.segments[index].kind != .manual else { return [] }
    let done = segmentElapsed(at: now)
    let wanted = segmentLength + amount
    if wanted <= done {
      return skip(at: now)
    }
    let limit = DurationText.maximum - (total - segmentLength)
    segmentLength = min(wanted, limit)
    var adjusted = event(
      .adjusted, due: now, now: now, segment: index + 1, elapsed: elapsedBeforeSegment + done,
      amount: amount)
    if amount < 0 {
      let pending = reminders[index].map { $0[min(nextReminder, $0.count)...] } ?? []
      let dropped = pending.filter { $0.offset >= segmentLength }.map(\.label)
      if !dropped.isEmpty { adjusted.dropped = dropped }
      passOverMilestones(behind: elapsedBeforeSegment + done)
    }
    return [adjusted]
  }

  /// Passes over, untold, the milestones that a shortening has put behind routine time
  /// `elapsed` (all but the finish's): telling them now would be telling them late.
  mutating func passOverMilestones(behind elapsed: Int64) {
    while let position = milestonePosition(nextMilestone), position < elapsed,
      milestones[nextMilestone].fraction < 1
    {
      nextMilestone += 1
    }
  }

  /// Completes the manual segment that is waiting, recording how long it waited.
  mutating func complete(at now: Int64) -> [EngineEvent] {
    guard case .waiting(let since) = state else { return [] }
    state = .running
    anchor = now
    elapsedAtAnchor = 0
    return endSegment(due: now, now: now, amount: now - since)
  }

  mutating func stop(at now: Int64) -> [EngineEvent] {
    guard !isOver, state != .ready else { return [] }
    let done = elapsed(at: now)
    let planned = total
    elapsedAtAnchor = segmentElapsed(at: now)
    state = .stopped
    return [
      EngineEvent(kind: .stopped, segment: index + 1, due: now, elapsed: done, total: planned)
    ]
  }

  var isPaused: Bool {
    if case .paused = state { return true }
    return false
  }
}
