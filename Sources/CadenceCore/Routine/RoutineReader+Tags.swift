extension RoutineReader {
  /// The most tags a routine may have.
  public static let maximumTags = 20

  /// Reads `tags = { "legs", "hiit" }`: words without commas, each at most 40 characters,
  /// duplicates dropped (whatever their case), in the order given.
  func readTags(_ raw: ScriptValue) throws(RoutineError) -> [String] {
    let path = FieldPath("tags")
    let values = try list(raw, at: path, of: "words such as \"legs\"")
    guard values.count <= Self.maximumTags else {
      throw RoutineError(
        "has \(values.count) tags; keep it to \(Self.maximumTags)", at: path.description)
    }
    var tags: [String] = []
    for (offset, value) in values.enumerated() {
      let place = path.index(offset + 1)
      let tag = TagText.trimmed(try text(value, at: place))
      if let problem = TagText.problem(with: tag) {
        throw RoutineError(problem, at: place.description)
      }
      if !tags.contains(where: { $0.lowercased() == tag.lowercased() }) { tags.append(tag) }
    }
    return tags
  }
}
