import CadenceText

extension RoutineReader {
  func readFrame(_ raw: ScriptValue, at path: FieldPath) throws(RoutineError) -> Frame {
    guard case .table(let table) = raw else {
      throw RoutineError(
        "must be a table such as { length = \"2h\", intervals = 4 }, not \(raw.shortDescription)",
        at: path.description)
    }
    checkKeys(table, allowed: RoutineKeys.frame, at: path, what: "frame")
    let end: Frame.End = problems.attempt(.length(1)) { () throws(RoutineError) in
      switch (table["finish"], table["length"]) {
      case (.some, .some):
        throw RoutineError("give either finish or length, not both", at: path.description)
      case (nil, nil):
        throw RoutineError(
          "needs finish = \"17:30\" (a clock time) or length = \"2h\"", at: path.description)
      case (let finish?, nil):
        return .finish(try readFinish(finish, at: path.appending("finish")))
      case (nil, let length?):
        return .length(try duration(length, at: path.appending("length")))
      }
    }
    let intervals = problems.attempt(1) { () throws(RoutineError) in
      guard let intervals = table["intervals"] else {
        let what = if case .finish = end { "a finish time" } else { "a length" }
        throw RoutineError(
          "\(what) needs intervals = N to say how many work intervals to cut it into",
          at: path.description)
      }
      return try count(
        intervals, at: path.appending("intervals"), maximum: ScheduleCompiler.maximumSegments / 2)
    }
    return Frame(
      end: end,
      intervals: intervals,
      pause: problems.attempt(nil) { () throws(RoutineError) in
        try table["pause"].map { value throws(RoutineError) in
          try duration(value, at: path.appending("pause"), allowZero: true)
        }
      },
      pauseAfterLast: problems.attempt(false) { () throws(RoutineError) in
        try table["pause_after_last"].map { value throws(RoutineError) in
          try boolean(value, at: path.appending("pause_after_last"))
        } ?? false
      },
      intervalName: problems.attempt("Interval") { () throws(RoutineError) in
        try table["interval_name"].map { value throws(RoutineError) in
          try text(value, at: path.appending("interval_name"))
        } ?? "Interval"
      },
      pauseName: problems.attempt("Pause") { () throws(RoutineError) in
        try table["pause_name"].map { value throws(RoutineError) in
          try text(value, at: path.appending("pause_name"))
        } ?? "Pause"
      })
  }

  private func readFinish(_ raw: ScriptValue, at path: FieldPath) throws(RoutineError)
    -> ClockTime
  {
    let value = try resolved(raw, at: path)
    guard case .string(let text) = value else {
      throw RoutineError(
        "must be a clock time such as \"17:30\", not \(value.shortDescription)",
        at: path.description)
    }
    if let time = ClockTime(parsing: text) { return time }
    if !text.contains(":"), (try? DurationText.parse(text)) != nil {
      throw RoutineError(
        "\(QuotedText.quote(text)) is a length, not a clock time; write length = \(QuotedText.quote(text)), or a time such as \"17:30\"",
        at: path.description)
    }
    throw RoutineError(
      "\(QuotedText.quote(text)) is not a clock time; write it as \"17:30\", \"17:30:15\" or \"5:30pm\"",
      at: path.description)
  }

  func readMilestones(_ table: ScriptTable) throws(RoutineError) -> [Double] {
    let quarters = try table["quarters"].map { value throws(RoutineError) in
      try boolean(value, at: FieldPath("quarters"))
    }
    guard let raw = table["milestones"] else {
      return quarters == false ? [] : [0.25, 0.5, 0.75, 1]
    }
    let path = FieldPath("milestones")
    guard case .table(let milestones) = raw else {
      throw RoutineError(
        "must be a list such as { 0.5 } or { every = \"10%\" }, not \(raw.shortDescription)",
        at: path.description)
    }
    var fractions: [Double] = []
    if let every = milestones["every"] {
      checkKeys(milestones, allowed: RoutineKeys.milestoneRule, at: path, what: "milestone rule")
      let step = try fraction(every, at: path.appending("every"))
      guard step >= 0.001 else {
        throw RoutineError(
          "\(every.shortDescription) is smaller than 0.1%; milestones that close are noise",
          at: path.appending("every").description)
      }
      var multiple = 1
      while Double(multiple) * step <= 1 + 1e-9 {
        fractions.append(min(1, Double(multiple) * step))
        multiple += 1
      }
    } else {
      for (offset, entry) in try list(raw, at: path, of: "fractions such as 0.5 or \"50%\"")
        .enumerated()
      {
        if problems.isFull { break }
        do {
          fractions.append(try fraction(entry, at: path.index(offset + 1)))
        } catch {
          problems.note(error)
        }
      }
    }
    return Array(Set(fractions)).sorted()
  }

  /// A fraction in (0, 1], written as 0.25 or "25%".
  private func fraction(_ raw: ScriptValue, at path: FieldPath) throws(RoutineError) -> Double {
    let value = try resolved(raw, at: path)
    var number: Double?
    switch value {
    case .integer(let whole): number = Double(whole)
    case .number(let real): number = real
    case .string(let text) where text.hasSuffix("%"):
      number = Double(String(text.dropLast()).trimmingWhitespace()).map { $0 / 100 }
    default: number = nil
    }
    guard let number, number.isFinite, number > 0, number <= 1 else {
      throw RoutineError(
        "\(value.shortDescription) is not a point of the routine; use a fraction above 0 and at most 1, such as 0.5, or \"50%\"",
        at: path.description)
    }
    return number
  }
}
