import CadenceText

extension RoutineReader {
  mutating func readParameters(_ raw: ScriptValue, at path: FieldPath) throws(RoutineError) {
    guard case .table(let table) = raw else {
      throw RoutineError(
        "must be a table such as { rounds = 3, work = \"2m\" }, not \(raw.shortDescription)",
        at: path.description)
    }
    for (key, value) in table.entries {
      guard case .name(let name) = key,
        name.first.map({ $0.isASCIILetter || $0 == "_" }) == true,
        name.allSatisfy({ $0.isASCIILetter || $0.isASCIIDigit || $0 == "_" })
      else {
        problems.note(
          RoutineError(
            "has the entry \(key); parameters need names such as rounds = 3",
            at: path.description))
        continue
      }
      let parameterValue: ParameterValue
      switch value {
      case .integer(let whole): parameterValue = .integer(whole)
      case .number(let real) where real.isFinite: parameterValue = .number(real)
      case .string(let text): parameterValue = .string(text)
      case .boolean(let flag): parameterValue = .boolean(flag)
      default:
        problems.note(
          RoutineError(
            "must default to a number, text or true/false, not \(value.shortDescription)",
            at: path.appending(name).description))
        continue
      }
      parameters.append(Parameter(name: name, value: parameterValue))
    }
  }

  mutating func applyOverrides(_ overrides: [(name: String, value: String)]) throws(RoutineError) {
    for (name, text) in overrides {
      let setting = "--set \(name)=\(text)"
      guard let position = parameters.firstIndex(where: { $0.name == name }) else {
        let names = parameters.map(\.name)
        let hint =
          names.isEmpty
          ? "the routine declares no parameters"
          : Spelling.closest(to: name, among: names).map { "did you mean \(QuotedText.quote($0))?" }
            ?? "its parameters are \(Spelling.list(names))"
        throw RoutineError(
          "the routine has no parameter \(QuotedText.quote(name)); \(hint)", at: setting,
          source: .commandLine)
      }
      let current = parameters[position].value
      guard let value = current.overridden(by: text) else {
        throw RoutineError(
          "\(name) takes \(current.typeName), like its default \(current)", at: setting,
          source: .commandLine)
      }
      parameters[position].value = value
      parameters[position].isOverridden = true
    }
  }
}
