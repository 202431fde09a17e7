import CadenceText

/// Turns what a routine file returned into a validated `Routine`, reporting every problem
/// with the path of the key where it is.
///
/// After a problem it goes on where the rest can still be read (the next key, step, reminder
/// or field), so one pass finds them all; the keys it accepts are `RoutineKeys`.
public struct RoutineReader {
  var parameters: [Parameter] = []
  let problems = ProblemList()

  /// Reads a routine. `defaultName` names it when it has no `name`; `overrides` are the
  /// command line's `--set name=value` pairs, in order.
  public static func read(
    _ document: ScriptValue?, defaultName: String, overrides: [(name: String, value: String)] = []
  ) throws(RoutineError) -> Routine {
    guard let document else {
      throw RoutineError("the file returned nothing; end it with return { ... }")
    }
    guard case .table(let table) = document else {
      throw RoutineError(
        "the file must return a table, but it returned \(document.shortDescription)")
    }
    var reader = RoutineReader()
    var routine: Routine?
    do throws(RoutineError) {
      routine = try reader.readRoutine(table, defaultName: defaultName, overrides: overrides)
    } catch {
      reader.problems.note(error)
    }
    if let error = reader.problems.error { throw error }
    guard let routine else { throw RoutineError("the routine could not be read") }
    return routine
  }

  private mutating func readRoutine(
    _ table: ScriptTable, defaultName: String, overrides: [(name: String, value: String)]
  ) throws(RoutineError) -> Routine {
    checkKeys(table, allowed: RoutineKeys.routine, at: FieldPath(), what: "routine")
    if let params = table["params"] {
      do {
        try readParameters(params, at: FieldPath("params"))
      } catch {
        problems.note(error)
      }
    }
    try applyOverrides(overrides)

    let name = problems.attempt(defaultName) { () throws(RoutineError) in
      try table["name"].map { value throws(RoutineError) in
        try text(value, at: FieldPath("name"))
      } ?? defaultName
    }
    let summary = problems.attempt(nil) { () throws(RoutineError) in
      try table["description"].map { value throws(RoutineError) in
        try text(value, at: FieldPath("description"))
      }
    }

    let body: Routine.Body
    switch (table["steps"], table["frame"]) {
    case (nil, nil):
      throw RoutineError(
        "the routine is empty: give it steps = { ... } or frame = { length = \"2h\", intervals = 4 }"
      )
    case (.some, .some):
      throw RoutineError(
        "the routine has both steps and frame; keep one of them", at: "frame")
    case (let steps?, nil):
      body = .steps(
        problems.attempt([]) { () throws(RoutineError) in
          try readSteps(steps, at: FieldPath("steps"))
        })
    case (nil, let frame?):
      body = problems.attempt(.steps([])) { () throws(RoutineError) in
        .frame(try readFrame(frame, at: FieldPath("frame")))
      }
    }

    var hooks = Set<HookName>()
    for hook in HookName.allCases {
      guard let value = table[hook.rawValue] else { continue }
      guard case .function = value else {
        problems.note(
          RoutineError(
            "must be a function, such as function(ctx) return \"Well done\" end, not \(value.shortDescription)",
            at: hook.rawValue))
        continue
      }
      hooks.insert(hook)
    }

    let milestones = problems.attempt([]) { () throws(RoutineError) in try readMilestones(table) }
    return Routine(
      name: name, summary: summary, parameters: parameters, body: body,
      milestones: milestones, hooks: hooks,
      tags: problems.attempt([]) { () throws(RoutineError) in
        try table["tags"].map { value throws(RoutineError) in try readTags(value) } ?? []
      },
      theme: problems.attempt(nil) { () throws(RoutineError) in
        try table["theme"].map { value throws(RoutineError) in try readTheme(value) }
      })
  }

  /// Notes every key of `table` that is not in `allowed`, each with a suggestion.
  func checkKeys(
    _ table: ScriptTable, allowed: [String], at path: FieldPath, what: String,
    positional: Int = 0
  ) {
    for (key, _) in table.entries {
      switch key {
      case .name(let name) where allowed.contains(name):
        continue
      case .index(let index) where index >= 1 && index <= positional:
        continue
      case .name(let name):
        let hint =
          Spelling.closest(to: name, among: allowed).map { "did you mean \(QuotedText.quote($0))?" }
          ?? "a \(what) takes \(Spelling.list(allowed))"
        problems.note(
          RoutineError(
            "unknown key; \(hint)",
            at: path.appending(name).description))
      default:
        problems.note(
          RoutineError(
            "unexpected entry \(key); a \(what) takes named keys: \(Spelling.list(allowed))",
            at: path.description))
      }
    }
  }
}
