import CadenceRunning
import CadenceSystem
import CadenceTestSupport
import CadenceTime
import FoundationEssentials
import Testing

/// The run a control command acts on, when no run is going: each way of asking says so, and
/// how to start one.
@Suite struct RunChoiceTests {
  func context(_ folder: TemporaryFolder) -> CommandContext {
    CommandContext(
      console: Console(
        writeOut: { _ in }, writeError: { _ in }, isTerminal: false, colour: false, width: 80),
      now: Date(timeIntervalSince1970: 0), timeZone: .utc,
      environment: ["XDG_RUNTIME_DIR": folder.path, "HOME": folder.path])
  }

  @Test func withNoRunGoingNoneIsChosen() throws {
    let folder = try TemporaryFolder("run-choice").created()
    defer { folder.remove() }
    guard case .none(let sentence) = RunChoice.choose(nil, context: context(folder)) else {
      Issue.record("a run was chosen with none going")
      return
    }
    #expect(sentence == "No run is going; start one with cadence run NAME --detach.")
  }

  @Test func anIdWithNoRunGoingIsRefusedByName() throws {
    let folder = try TemporaryFolder("run-choice").created()
    defer { folder.remove() }
    guard case .none(let sentence) = RunChoice.choose("4242", context: context(folder)) else {
      Issue.record("a run was chosen with none going")
      return
    }
    #expect(sentence.hasPrefix("No run has the id "))
    #expect(sentence.contains("4242"))
    #expect(sentence.hasSuffix(" and no run is going; start one with cadence run NAME --detach."))
  }
}
