import CadenceText

extension RoutineReader {
  /// Reads `theme = "cooking"`: the voice of Cadence's own messages, one of `MessageTheme`'s.
  func readTheme(_ raw: ScriptValue) throws(RoutineError) -> MessageTheme {
    let path = FieldPath("theme")
    let names = MessageTheme.allCases.map(\.rawValue)
    let choices = names.map { QuotedText.quote($0) }.joined(separator: ", ")
    let value = try resolved(raw, at: path)
    guard case .string(let text) = value else {
      throw RoutineError("must be one of \(choices), not \(value.shortDescription)", at: "theme")
    }
    if let theme = MessageTheme(rawValue: text.lowercased()) { return theme }
    let hint = Spelling.closest(to: text.lowercased(), among: names).map {
      "; did you mean \(QuotedText.quote($0))?"
    }
    throw RoutineError(
      "\(QuotedText.quote(text)) is not a theme; use one of \(choices)\(hint ?? "")", at: "theme")
  }
}
