import CadenceRunning
import Testing

/// Where a run lives: a job in a shell's background prints event lines instead of the view.
@Suite struct DetachedTests {
  @Test func aShellsBackgroundJobPrintsLinesInsteadOfTheView() {
    #expect(Detached.output(.view, foreground: false) == .plain)
    #expect(Detached.output(.view, foreground: true) == .view)
    #expect(Detached.output(.json, foreground: false) == .json)
    #expect(Detached.output(.plain, foreground: true) == .plain)
  }
}
