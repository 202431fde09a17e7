import CadenceCore
import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

/// A stranger's text in the planning commands' output, each escaped exactly once for the
/// terminal: a note given to `cadence note`, a session id it does not know, and names, colours
/// and deadlines a database holds (written there by hand, past the commands' checks).
@Suite(.timeLimit(.minutes(10))) struct PlanningEscapeTests {
  let database = TemporaryFolder("planning-escape").path("cadence.db")
  let start = Date(timeIntervalSince1970: 1_800_000_000)

  func cadence(_ arguments: [String]) throws -> CadenceProcess.Output {
    try CadenceProcess.run(arguments + ["--db", database], environment: ["TZ": "UTC"])
  }

  /// A quote, a backslash, an escape and a bidirectional override, each written once as its
  /// escape: the quote and backslash by the quoting, the others as `\u{…}` (not `\\u{…}`).
  @Test func aNoteAndAnUnknownSessionAreEscapedOnce() throws {
    try Store(path: database).record(
      SessionRecord(
        kind: .focus, routine: nil, task: "Es\u{1B}say", startedAt: start,
        endedAt: start.addingTimeInterval(1500), plannedMilliseconds: 1_500_000,
        activeMilliseconds: 1_500_000, outcome: .completed))
    let noted = try cadence(["note", "a\"b\\c\u{1B}[31m\u{202E}d"])
    #expect(noted.status == 0, "\(noted.standardError)")
    #expect(noted.standardOutput.hasPrefix(#"Noted the focus on Es\u{1B}say of "#))
    #expect(noted.standardOutput.hasSuffix(#": "a\"b\\c\u{1B}[31m\u{202E}d"."# + "\n"))
    let unknown = try cadence(["note", "\u{1B}[2J\"\\", "Lost"])
    #expect(unknown.status == 65)
    #expect(
      unknown.standardError.hasPrefix(#"There is no session with the id "\u{1B}[2J\"\\"; "#),
      "\(unknown.standardError)")
  }

  /// A goal's colour and a task's deadline as the database holds them reach the terminal
  /// escaped, as names do.
  @Test func aGoalsColourAndATasksDeadlineFromTheDatabaseAreEscaped() throws {
    let store = try Store(path: database)
    let goal = try store.planning.save(
      GoalRecord(name: "Deg\u{202E}ree", colour: "\u{1B}]52;c;eA==\u{7}", createdAt: start))
    try store.planning.save(
      TaskRecord(name: "Essay", goalID: goal, deadline: "\u{1B}[2J\u{9B}1m", createdAt: start))
    let changed = try cadence(["goal", "edit", "Deg\u{202E}ree", "--name", "Degree"])
    #expect(changed.status == 0, "\(changed.standardError)")
    #expect(changed.standardOutput == #"Goal Degree is \u{1B}]52;c;eA==\u{7}."# + "\n")
    let today = try cadence(["today"])
    #expect(today.status == 0, "\(today.standardError)")
    #expect(
      today.standardOutput.contains(#"(Degree, by \u{1B}[2J\u{9B}1m)"#), "\(today.standardOutput)")
    for output in [changed.standardOutput, today.standardOutput] {
      #expect(!output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" || $0 == "\u{9B}" })
    }
  }
}
