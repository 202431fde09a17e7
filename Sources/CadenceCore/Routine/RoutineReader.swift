import CadenceText

/// Turns what a routine file returned into a validated `Routine`, reporting the first problem
/// with the path of the key where it is.
public struct RoutineReader {
  static let routineKeys = [
    "name", "description", "params", "steps", "frame", "quarters", "milestones", "tags",
  ]

  var parameters: [Parameter] = []

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
    return try reader.readRoutine(table, defaultName: defaultName, overrides: overrides)
  }

  private mutating func readRoutine(
    _ table: ScriptTable, defaultName: String, overrides: [(name: String, value: String)]
  ) throws(RoutineError) -> Routine {
    let hookNames = HookName.allCases.map(\.rawValue)
    try checkKeys(table, allowed: Self.routineKeys + hookNames, at: FieldPath(), what: "routine")
    if let params = table["params"] {
      try readParameters(params, at: FieldPath("params"))
    }
    try applyOverrides(overrides)

    let name =
      try table["name"].map { value throws(RoutineError) in
        try text(value, at: FieldPath("name"))
      } ?? defaultName
    let summary = try table["description"].map { value throws(RoutineError) in
      try text(value, at: FieldPath("description"))
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
      body = .steps(try readSteps(steps, at: FieldPath("steps")))
    case (nil, let frame?):
      body = .frame(try readFrame(frame, at: FieldPath("frame")))
    }

    var hooks = Set<HookName>()
    for hook in HookName.allCases {
      guard let value = table[hook.rawValue] else { continue }
      guard case .function = value else {
        throw RoutineError(
          "must be a function, such as function(ctx) return \"Well done\" end, not \(value.shortDescription)",
          at: hook.rawValue)
      }
      hooks.insert(hook)
    }

    return Routine(
      name: name, summary: summary, parameters: parameters, body: body,
      milestones: try readMilestones(table), hooks: hooks,
      tags: try table["tags"].map { value throws(RoutineError) in try readTags(value) } ?? [])
  }

  /// Reports the first key of `table` that is not in `allowed`, with a suggestion.
  func checkKeys(
    _ table: ScriptTable, allowed: [String], at path: FieldPath, what: String,
    positional: Int = 0
  ) throws(RoutineError) {
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
        throw RoutineError("unknown key; \(hint)", at: path.appending(name).description)
      default:
        throw RoutineError(
          "unexpected entry \(key); a \(what) takes named keys: \(Spelling.list(allowed))",
          at: path.description)
      }
    }
  }
}
