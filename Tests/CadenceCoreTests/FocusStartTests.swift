import CadenceCore
import Testing

/// The cycle as settings keep it, and what `cadence focus` counts first (seeds 002 and 003).
struct FocusStartTests {
  @Test func theSettingsGiveTheLengthsAndWhatIsOnOffer() {
    let settings = ["focus": "50m", "break": "10m", "task-break": "7m", "focus.offer": "break"]
    let cycle = FocusCycle(task: "Essay") { settings[$0] }
    #expect(cycle.lastFocus == 50 * 60_000)
    #expect(cycle.lastBreak == 10 * 60_000)
    #expect(cycle.taskBreak == 7 * 60_000)
    #expect(cycle.offer == .break)
    #expect(cycle.length == 10 * 60_000)
    #expect(cycle.task == "Essay")
    #expect(cycle.settings.map(\.key) == ["focus", "break", "focus.offer"])
    #expect(cycle.settings.map(\.value) == ["50m", "10m", "break"])
  }

  @Test func unreadableSettingsAreTheDefaults() {
    let settings = ["focus": "soon", "break": "-5m", "focus.offer": "nap"]
    let cycle = FocusCycle(task: nil) { settings[$0] }
    #expect(cycle == FocusCycle())
  }

  @Test func aFailingReadIsPassedOn() {
    struct Unreadable: Error {}
    #expect(throws: Unreadable.self) {
      _ = try FocusCycle(task: nil) { _ throws(Unreadable) in throw Unreadable() }
    }
  }

  @Test func aBreakOnOfferIsSkippedUnlessAskedForOrChosenInTheView() {
    var onLines = FocusCycle(offer: .break)
    onLines.prepare(takeBreak: false, choosing: false, length: nil, taskLength: nil)
    #expect(onLines.offer == .focus)
    var asked = FocusCycle(offer: .break)
    asked.prepare(takeBreak: true, choosing: false, length: nil, taskLength: nil)
    #expect(asked.offer == .break)
    var choosing = FocusCycle(offer: .break)
    choosing.prepare(takeBreak: false, choosing: true, length: nil, taskLength: nil)
    #expect(choosing.offer == .break)
  }

  @Test func aLengthGivenWinsOverTheTasksWhichOnlyAFocusTakes() {
    var given = FocusCycle(task: "Essay")
    given.prepare(takeBreak: false, choosing: false, length: 40 * 60_000, taskLength: 50 * 60_000)
    #expect(given.length == 40 * 60_000)
    var task = FocusCycle(task: "Essay")
    task.prepare(takeBreak: false, choosing: false, length: nil, taskLength: 50 * 60_000)
    #expect(task.length == 50 * 60_000)
    var onBreak = FocusCycle(lastBreak: 5 * 60_000, offer: .break)
    onBreak.prepare(takeBreak: true, choosing: false, length: nil, taskLength: 50 * 60_000)
    #expect(onBreak.length == 5 * 60_000)
  }

  @Test func aMandatoryBreakKeepsItsLength() {
    var cycle = FocusCycle(taskBreak: 7 * 60_000, task: "Essay")
    _ = cycle.start()
    cycle.conclude(.completed)
    #expect(cycle.breakIsMandatory)
    cycle.prepare(takeBreak: true, choosing: false, length: 60_000, taskLength: nil)
    #expect(cycle.length == 7 * 60_000)
  }

  @Test func breakIsRefusedOnlyWhenNoBreakIsOnOffer() {
    #expect(FocusCycle(offer: .break).breakRefusal == nil)
    #expect(FocusCycle().breakRefusal?.sentence.hasPrefix("no break is on offer") == true)
  }

  @Test func aNoteHasAtMostFiveHundredCharacters() {
    #expect(SessionNote.refusal(of: String(repeating: "é", count: 500), as: "--note") == nil)
    #expect(
      SessionNote.refusal(of: String(repeating: "x", count: 501), as: "a note")?.sentence
        == "a note is at most 500 characters, as the note typed after a break; this one has 501")
  }
}
