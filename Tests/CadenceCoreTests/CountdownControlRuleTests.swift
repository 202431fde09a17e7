import CadenceCore
import Testing

/// What a countdown's control socket takes (seed 002), and what a task's mandatory break
/// refuses (seed 003).
struct CountdownControlRuleTests {
  @Test func aMandatoryBreakRefusesToBeSkippedOrShortenedButNotToBeStopped() {
    for refused in [EngineCommand.skip, .complete, .adjust(-60_000), .adjust(-1)] {
      let sentence = CountdownControl.mandatoryRefusal(refused)
      #expect(sentence?.contains("mandatory break") == true, "\(refused)")
      #expect(sentence?.contains("cadence stop") == true, "\(refused)")
    }
    for taken in [EngineCommand.stop, .pause, .resume, .togglePause, .adjust(60_000)] {
      #expect(CountdownControl.mandatoryRefusal(taken) == nil, "\(taken)")
    }
  }

  @Test func everyCountdownRefusesToBeSkippedOrCompletedButTakesTheRest() {
    for refused in [EngineCommand.skip, .complete] {
      #expect(
        CountdownControl.refusal(refused, mandatoryBreak: false)
          == "a timer or focus session cannot be skipped; cadence stop ends it", "\(refused)")
      #expect(
        CountdownControl.refusal(refused, mandatoryBreak: true)?.contains("mandatory break")
          == true)
    }
    for taken in [EngineCommand.stop, .pause, .resume, .togglePause, .adjust(-60_000)] {
      #expect(CountdownControl.refusal(taken, mandatoryBreak: false) == nil, "\(taken)")
    }
    #expect(CountdownControl.refusal(.adjust(-60_000), mandatoryBreak: true) != nil)
  }
}
