/// The voice of Cadence's own messages for a routine: neutral unless the routine says
/// otherwise, with a `theme` key or with its tags (a `cooking` routine speaks as a kitchen
/// timer, not as a coach). A routine's own hooks always come first.
public enum MessageTheme: String, Sendable, Equatable, Codable, CaseIterable {
  case neutral
  case gym
  case cooking
  case revision

  /// The tags that choose each theme when the routine names none, compared without case.
  static let tagWords: [(MessageTheme, Set<String>)] = [
    (
      .gym,
      [
        "exercise", "gym", "hiit", "workout", "fitness", "training", "strength", "cardio",
        "tabata", "running", "cycling", "sport",
      ]
    ),
    (.cooking, ["cooking", "baking", "kitchen", "recipe", "food", "bread", "meal"]),
    (.revision, ["study", "revision", "revise", "exam", "exams", "homework", "reading"]),
  ]

  /// The theme the first tag that names one chooses; neutral when none does.
  public init(tags: [String]) {
    for tag in tags {
      let word = tag.lowercased()
      if let theme = Self.tagWords.first(where: { $0.1.contains(word) })?.0 {
        self = theme
        return
      }
    }
    self = .neutral
  }
}
