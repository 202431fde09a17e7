/// The cycle as settings keep it, and what `cadence focus` starts from it.
extension FocusCycle {
  /// The setting that keeps what is on offer between runs.
  public static let offerKey = "focus.offer"

  /// The cycle the settings describe (`focus`, `break`, `task-break` lengths and
  /// ``offerKey``), read through `setting`; a missing or unreadable value is the default.
  public init<Failure: Error>(
    task: String?, setting: (String) throws(Failure) -> String?
  ) throws(Failure) {
    func length(_ key: String, _ fallback: Int64) throws(Failure) -> Int64 {
      try setting(key).flatMap { try? DurationText.parse($0) } ?? fallback
    }
    let offer = try setting(Self.offerKey).flatMap(Phase.init) ?? .focus
    self.init(
      lastFocus: try length("focus", Self.defaultFocus),
      lastBreak: try length("break", Self.defaultBreak),
      taskBreak: try length("task-break", Self.defaultBreak), task: task, offer: offer)
  }

  /// What is kept between runs: the remembered lengths and what is on offer.
  public var settings: [(key: String, value: String)] {
    [
      ("focus", DurationText.format(lastFocus)), ("break", DurationText.format(lastBreak)),
      (Self.offerKey, offer.rawValue),
    ]
  }

  /// Why `--break` cannot start: no break is on offer (a break follows a completed focus).
  public var breakRefusal: RuleRefusal? {
    offer == .break
      ? nil
      : RuleRefusal(
        sentence:
          "no break is on offer; a break follows a completed focus (cadence focus --next says what is)"
      )
  }

  /// Makes ready what `cadence focus` counts first: a break on offer is skipped unless
  /// `takeBreak` asked for it or the view lets the user choose (`choosing`, a view on no task);
  /// then the focus (or break) is `length` long when given, else the task's own `taskLength`
  /// for a focus.
  public mutating func prepare(
    takeBreak: Bool, choosing: Bool, length: Int64?, taskLength: Int64?
  ) {
    if offer == .break, !takeBreak, !choosing { conclude(.skipped) }
    if let length {
      set(length: length)
    } else if let taskLength, offer == .focus {
      set(length: taskLength)
    }
  }
}
