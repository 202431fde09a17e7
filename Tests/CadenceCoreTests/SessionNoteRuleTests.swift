import CadenceCore
import Testing

/// Seed 003's note rules: where a note comes from when a task's mandatory break ends, when
/// one is owed and asked, and which session a note named without one goes on.
struct SessionNoteRuleTests {
  @Test(arguments: [SessionNote.Place.view, .lines, .background])
  func aNoteGivenIsSavedWhereverTheBreakEnded(place: SessionNote.Place) {
    #expect(SessionNote.afterBreak(given: "Outline", at: place) == .save("Outline"))
  }

  @Test func withNoNoteTheViewAsksTheBackgroundOwesAndLinesLeaveIt() {
    for given in [nil, ""] as [String?] {
      #expect(SessionNote.afterBreak(given: given, at: .view) == .ask)
      #expect(SessionNote.afterBreak(given: given, at: .background) == .owe)
      #expect(SessionNote.afterBreak(given: given, at: .lines) == .none)
    }
  }

  @Test func anOwedNoteIsAskedOnlyWhereSomeoneCanAnswer() {
    #expect(SessionNote.asks(owed: true, interactive: true))
    #expect(!SessionNote.asks(owed: true, interactive: false))
    #expect(!SessionNote.asks(owed: false, interactive: true))
  }

  @Test func aNoteWithoutASessionGoesOnTheLastOrOnTheFocusATasksBreakFollowed() {
    typealias F = SessionNote.Finished
    #expect(SessionNote.target(in: []) == nil)
    #expect(SessionNote.target(in: [F(isBreak: false, task: nil)]) == 0)
    // A break on no task is itself the last session.
    let plain = [F(isBreak: true, task: nil), F(isBreak: false, task: nil)]
    #expect(SessionNote.target(in: plain) == 0)
    // A task's break stands for the task's focus before it, past other sessions.
    let sessions = [
      F(isBreak: true, task: "Essay"), F(isBreak: false, task: "Maths"),
      F(isBreak: false, task: "Essay"),
    ]
    #expect(SessionNote.target(in: sessions) == 2)
    // With no such focus, the break itself.
    #expect(SessionNote.target(in: [F(isBreak: true, task: "Essay")]) == 0)
  }

  /// Stopping a task's mandatory break ends the session as its end does: it waits to be
  /// finished with its note, and focus is on offer.
  @Test func aStoppedMandatoryBreakEndsTheTasksSession() {
    var cycle = FocusCycle(lastFocus: 25 * 60_000, taskBreak: 5 * 60_000, task: "Essay")
    cycle.conclude(.completed)
    #expect(cycle.breakIsMandatory)
    let stopped = cycle.conclude(.stopped)
    #expect(stopped)
    #expect(cycle.awaitingFinish)
    #expect(cycle.offer == .focus)
    // A break that is not mandatory just offers focus again.
    var plain = FocusCycle(lastFocus: 25 * 60_000)
    plain.conclude(.completed)
    plain.conclude(.stopped)
    #expect(!plain.awaitingFinish)
    #expect(plain.offer == .focus)
  }
}
