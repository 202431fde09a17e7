import CadenceRunning
import CadenceSystem
import CadenceTime
import FoundationEssentials
import Testing

/// What a run started in the background says: its sentence, or with `--json` one object on
/// standard output and the sentence on standard error.
@Suite struct StartedLineTests {
  final class Written {
    var out = ""
    var error = ""

    var context: CommandContext {
      CommandContext(
        console: Console(
          writeOut: { self.out += $0 }, writeError: { self.error += $0 }, isTerminal: false,
          colour: false, width: 80),
        now: Date(timeIntervalSince1970: 0), timeZone: .utc, environment: [:])
    }
  }

  @Test func withJSONTheObjectIsAloneOnStandardOutput() {
    let written = Written()
    StartedLine.say(
      id: "4242", kind: "timer", sentence: "Started the timer in the background: run 4242.\n",
      json: true, context: written.context)
    #expect(written.out == #"{"event":"detached","run":"4242","kind":"timer"}"# + "\n")
    #expect(written.error == "Started the timer in the background: run 4242.\n")
  }

  @Test func withoutJSONTheSentenceIsStandardOutput() {
    let written = Written()
    StartedLine.say(
      id: "4242", kind: "focus", sentence: "Started the focus in the background: run 4242.\n",
      json: false, context: written.context)
    #expect(written.out == "Started the focus in the background: run 4242.\n")
    #expect(written.error.isEmpty)
  }
}
