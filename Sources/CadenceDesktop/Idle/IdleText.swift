/// What a focus says about idleness, in the words the view, the lines and the notices share.
public enum IdleText {
  /// A stretch of time as a person says it: `40 s`, `5 min`, `1 h 5 min`.
  public static func span(_ duration: Duration) -> String {
    let seconds = max(0, duration.components.seconds)
    if seconds < 60 { return "\(seconds) s" }
    let minutes = seconds / 60
    if minutes < 60 { return "\(minutes) min" }
    return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
  }

  /// Said when the focus pauses itself.
  public static func paused(idle: Duration) -> String {
    "Paused: idle for \(span(idle)); the focus goes on when you are back."
  }

  /// Asked on a view when the person is back.
  public static func question(away: Duration) -> String {
    "Back after \(span(away)) idle: k keeps it as focus, d discards it."
  }

  /// Said without a view when the person is back, the setting applied.
  public static func applied(_ choice: IdleReturn, away: Duration) -> String {
    switch choice {
    case .keep:
      return "Back after \(span(away)) idle: kept it as focus (idle.return is keep)."
    case .discard:
      return
        "Back after \(span(away)) idle: it does not count as focus (idle.return is discard)."
    }
  }

  /// Said on a view once the question is answered.
  public static func answered(_ choice: IdleReturn, away: Duration) -> String {
    switch choice {
    case .keep: return "Kept \(span(away)) of idle time as focus."
    case .discard: return "Discarded \(span(away)) of idle time."
    }
  }
}
