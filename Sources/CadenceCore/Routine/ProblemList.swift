/// The problems a reader has noted while it goes on reading, so that one pass over a routine
/// reports all of them rather than the first.
///
/// The list is bounded: after `limit` problems the reader stops looking (a hostile file with a
/// hundred thousand bad steps must not take minutes and megabytes to refuse), and the last line
/// says that more may follow.
final class ProblemList {
  /// How many problems one pass reports at most.
  static let limit = 50

  private(set) var problems: [RoutineError] = []

  /// True once the list holds `limit` problems: loops over entries stop reading, and further
  /// problems are left out.
  var isFull: Bool { problems.count >= Self.limit }

  func note(_ problem: RoutineError) {
    for each in problem.all {
      guard !isFull else { return }
      problems.append(each)
    }
  }

  /// Runs `body`; a problem it throws is noted and `fallback` stands in for its result, so
  /// the reader can carry on with the rest.
  func attempt<T>(_ fallback: @autoclosure () -> T, _ body: () throws(RoutineError) -> T) -> T {
    do {
      return try body()
    } catch {
      note(error)
      return fallback()
    }
  }

  /// Every problem noted, as one error, or nil when there were none.
  var error: RoutineError? {
    guard var first = problems.first else { return nil }
    first.further = Array(problems.dropFirst())
    if isFull {
      first.further.append(
        RoutineError(
          "Cadence stopped looking after \(Self.limit) problems; fix these and check the file again"
        ))
    }
    return first
  }
}
