import CadenceText

extension RoutineReader {
  func readSteps(_ raw: ScriptValue, at path: FieldPath) throws(RoutineError) -> [Step] {
    let entries = try list(raw, at: path, of: "steps such as { \"Set\", \"2m\" }")
    guard !entries.isEmpty else {
      throw RoutineError(
        "is empty; add at least one step such as { \"Set\", \"2m\" }", at: path.description)
    }
    var steps: [Step] = []
    steps.reserveCapacity(entries.count)
    for (offset, entry) in entries.enumerated() {
      if problems.isFull { break }
      do {
        steps.append(try readStep(entry, at: path.index(offset + 1)))
      } catch {
        problems.note(error)
      }
    }
    return steps
  }

  func readStep(_ raw: ScriptValue, at path: FieldPath) throws(RoutineError) -> Step {
    guard case .table(let table) = raw else {
      let hint =
        if case .string = raw {
          "; did you write a step without its own braces?"
        } else { "" }
      throw RoutineError(
        "a step must be a table such as { \"Set\", \"2m\" }, not \(raw.shortDescription)\(hint)",
        at: path.description)
    }
    if table["steps"] != nil || table["rounds"] != nil {
      return .block(try readBlock(table, at: path))
    }
    return .segment(try readSegment(table, at: path))
  }

  private func readBlock(_ table: ScriptTable, at path: FieldPath) throws(RoutineError)
    -> BlockStep
  {
    checkKeys(table, allowed: RoutineKeys.block, at: path, what: "block of rounds")
    guard let steps = table["steps"] else {
      throw RoutineError(
        "has rounds but no steps; add steps = { ... } to say what to repeat", at: path.description)
    }
    let rounds = problems.attempt(1) { () throws(RoutineError) in
      try table["rounds"].map { value throws(RoutineError) in
        try count(value, at: path.appending("rounds"), maximum: ScheduleCompiler.maximumSegments)
      } ?? 1
    }
    var between: [Step] = []
    if let raw = table["between"] {
      let betweenPath = path.appending("between")
      between = problems.attempt([]) { () throws(RoutineError) in
        if case .table(let inner) = raw, case .table = inner[1] {
          return try readSteps(raw, at: betweenPath)
        }
        return [try readStep(raw, at: betweenPath)]
      }
    }
    return BlockStep(
      name: try table["name"].map { value throws(RoutineError) in
        try text(value, at: path.appending("name"))
      },
      rounds: rounds, steps: try readSteps(steps, at: path.appending("steps")), between: between)
  }

  private func readSegment(_ table: ScriptTable, at path: FieldPath) throws(RoutineError)
    -> SegmentStep
  {
    checkKeys(table, allowed: RoutineKeys.step, at: path, what: "step", positional: 2)
    let kind = problems.attempt(.work) { () throws(RoutineError) in
      try readKind(table["kind"], at: path.appending("kind"))
    }
    let name = problems.attempt("Work") { () throws(RoutineError) in
      try readSegmentName(table, kind: kind, at: path)
    }
    let durationValue = try single(table, position: 2, key: "duration", at: path)
    let isManual = kind == .manual

    if isManual, durationValue != nil {
      throw RoutineError(
        "a manual step waits for you, so it takes no duration; remove it, or make the step timed",
        at: path.appending("duration").description)
    }
    if !isManual, table["overtime"] != nil {
      throw RoutineError(
        "only a manual step (kind = \"manual\") can count overtime",
        at: path.appending("overtime").description)
    }
    let overtime =
      try table["overtime"].map { value throws(RoutineError) in
        try boolean(value, at: path.appending("overtime"))
      } ?? false
    let focus =
      try table["focus"].map { value throws(RoutineError) in
        try boolean(value, at: path.appending("focus"))
      } ?? false

    var duration: Int64 = 0
    if !isManual {
      guard let durationValue else {
        throw RoutineError(
          "has no duration; write it after the name, as { \(QuotedText.quote(name)), \"2m\" }, or kind = \"manual\" to wait for you",
          at: path.description)
      }
      duration = try self.duration(durationValue, at: path.appending("duration"))
    }

    let reminders = try readReminders(table, stepDuration: duration, isManual: isManual, at: path)
    return SegmentStep(
      name: name, kind: kind, duration: duration, overtime: overtime, reminders: reminders,
      focus: focus)
  }

  /// A value that may be given by position or by key, but not both.
  private func single(_ table: ScriptTable, position: Int64, key: String, at path: FieldPath)
    throws(RoutineError) -> ScriptValue?
  {
    switch (table[position], table[key]) {
    case (.some, .some):
      throw RoutineError(
        "gives the \(key) twice, by position and as \(key) = ...; keep one",
        at: path.appending(key).description)
    case (let value?, nil), (nil, let value?):
      return value
    case (nil, nil):
      return nil
    }
  }

  private func readSegmentName(_ table: ScriptTable, kind: SegmentKind, at path: FieldPath)
    throws(RoutineError) -> String
  {
    guard let value = try single(table, position: 1, key: "name", at: path) else {
      switch kind {
      case .work: return "Work"
      case .pause: return "Pause"
      case .manual: return "Your move"
      }
    }
    return try text(value, at: path.appending("name"))
  }

  private func readKind(_ raw: ScriptValue?, at path: FieldPath) throws(RoutineError)
    -> SegmentKind
  {
    guard let raw else { return .work }
    let value = try resolved(raw, at: path)
    guard case .string(let text) = value else {
      throw RoutineError(
        "must be \"work\", \"pause\" or \"manual\", not \(value.shortDescription)",
        at: path.description)
    }
    switch text.lowercased() {
    case "work": return .work
    case "pause", "rest", "break": return .pause
    case "manual": return .manual
    default:
      throw RoutineError(
        "\(QuotedText.quote(text)) is not a kind of step; use \"work\", \"pause\" or \"manual\"",
        at: path.description)
    }
  }

  private func readReminders(
    _ table: ScriptTable, stepDuration: Int64, isManual: Bool, at path: FieldPath
  ) throws(RoutineError) -> [ReminderRule] {
    var rules: [ReminderRule] = []
    let every = table["every"]
    let label = table["reminder"]
    if every == nil, label != nil {
      throw RoutineError(
        "a reminder needs every = \"3m\" to say how often",
        at: path.appending("reminder").description)
    }
    if let every {
      let labelText =
        try label.map { value throws(RoutineError) in
          try text(value, at: path.appending("reminder"))
        } ?? "Reminder"
      rules.append(
        try readEvery(
          every, label: labelText, stepDuration: stepDuration, at: path.appending("every")))
    }
    if let raw = table["reminders"] {
      let listPath = path.appending("reminders")
      let entries = try list(
        raw, at: listPath, of: "reminders such as { every = \"3m\", label = \"Stir\" }")
      for (offset, entry) in entries.enumerated() {
        if problems.isFull { break }
        do {
          rules.append(
            try readReminder(entry, stepDuration: stepDuration, at: listPath.index(offset + 1)))
        } catch {
          problems.note(error)
        }
      }
    }
    if isManual, !rules.isEmpty {
      throw RoutineError(
        "a manual step has no length for reminders to fall in; move them to a timed step",
        at: path.description)
    }
    return rules
  }

  private func readReminder(_ raw: ScriptValue, stepDuration: Int64, at path: FieldPath)
    throws(RoutineError) -> ReminderRule
  {
    guard case .table(let table) = raw else {
      throw RoutineError(
        "a reminder must be a table such as { every = \"3m\", label = \"Stir\" }, not \(raw.shortDescription)",
        at: path.description)
    }
    checkKeys(table, allowed: RoutineKeys.reminder, at: path, what: "reminder")
    let label =
      try table["label"].map { value throws(RoutineError) in
        try text(value, at: path.appending("label"))
      } ?? "Reminder"
    switch (table["every"], table["at"]) {
    case (let every?, nil):
      return try readEvery(
        every, label: label, stepDuration: stepDuration, at: path.appending("every"))
    case (nil, let at?):
      let atPath = path.appending("at")
      var offsets: [Int64] = []
      if case .table = at {
        for (offset, entry) in try list(at, at: atPath, of: "durations").enumerated() {
          offsets.append(try duration(entry, at: atPath.index(offset + 1)))
        }
      } else {
        offsets = [try duration(at, at: atPath)]
      }
      for offset in offsets where offset >= stepDuration {
        throw RoutineError(
          "\(QuotedText.quote(DurationText.format(offset))) is not inside the step, which lasts \(DurationText.format(stepDuration))",
          at: atPath.description)
      }
      return ReminderRule(label: label, timing: .at(offsets.sorted()))
    case (.some, .some):
      throw RoutineError("give either every or at, not both", at: path.description)
    case (nil, nil):
      throw RoutineError(
        "says neither when nor how often; add every = \"3m\" or at = \"10m\"", at: path.description)
    }
  }

  private func readEvery(_ raw: ScriptValue, label: String, stepDuration: Int64, at path: FieldPath)
    throws(RoutineError) -> ReminderRule
  {
    let interval = try duration(raw, at: path)
    guard interval < stepDuration else {
      throw RoutineError(
        "every \(raw.shortDescription) never falls inside the step, which lasts \(DurationText.format(stepDuration))",
        at: path.description)
    }
    return ReminderRule(label: label, timing: .every(interval))
  }
}
