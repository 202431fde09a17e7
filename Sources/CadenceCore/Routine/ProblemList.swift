/// The problems a reader has noted while it goes on reading, so that one pass over a routine
/// reports all of them rather than the first.
final class ProblemList {
  private(set) var problems: [RoutineError] = []

  func note(_ problem: RoutineError) { problems += problem.all }

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
    return first
  }
}
