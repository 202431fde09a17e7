/// The schedules of a plain countdown: a timer, a focus or a break, one segment long.
extension Schedule {
  /// One segment called `name`, of `kind`, `length` milliseconds long.
  public static func countdown(name: String, kind: SegmentKind, length: Int64) -> Schedule {
    let segment = Segment(index: 1, name: name, kind: kind, start: 0, duration: length)
    return Schedule(name: name, segments: [segment], events: [], total: length)
  }

  /// The study timer's countdown (seed 001): `Timer`, or `Timer: TASK` on a task.
  public static func timer(task: String?, length: Int64) -> Schedule {
    countdown(name: task.map { "Timer: \($0)" } ?? "Timer", kind: .work, length: length)
  }
}
