extension Engine {
  /// The schedule as the run now stands: ended segments with the lengths they had, the
  /// current one with its length as adjusted, later ones as planned, and the milestones at
  /// their fractions of the routine's length as it stands. Views draw the timeline from it.
  public var scheduleAsItStands: Schedule {
    guard !endedLengths.isEmpty || segmentLength != currentPlannedLength else { return schedule }
    var segments = schedule.segments
    var start: Int64 = 0
    for position in segments.indices {
      var length = segments[position].duration
      if let ended = endedLengths[position] {
        length = ended
      } else if position == index {
        length = segmentLength
      }
      segments[position].start = start
      segments[position].duration = length
      start += length
    }
    let total = start
    let events = schedule.events.compactMap { event -> ScheduleEvent? in
      switch event.kind {
      case .milestone:
        guard let fraction = event.fraction else { return nil }
        var moved = event
        moved.at = Int64((Double(total) * fraction).rounded())
        return moved
      case .reminder:
        return event
      }
    }
    return Schedule(
      name: schedule.name, segments: segments, events: events, total: total,
      parameters: schedule.parameters, hooks: schedule.hooks, tags: schedule.tags,
      theme: schedule.theme)
  }

  private var currentPlannedLength: Int64 {
    index < schedule.segments.count && state != .ready ? schedule.segments[index].duration : 0
  }
}
