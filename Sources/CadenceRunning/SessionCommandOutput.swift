import CadenceCore
import CadenceOutput
import CadenceRuntime
import CadenceStore
import CadenceSystem
import CadenceText
import FoundationEssentials

/// The user's own automation: when a run is over, the `session.command` setting's command runs
/// with the finished session as JSON on its standard input (as one element of `history --json`),
/// with a time limit of 10 seconds. It needs no trust: it is the user's setting, not a routine's.
public final class SessionCommandOutput: RunOutput {
  public static let timeout: Int64 = 10_000

  public let words: [String]
  public let identity: RunIdentity
  public let startWall: Date
  public let resumed: Bool
  public let environment: [String: String]
  public let clock: WallClock
  /// Where to say that the command failed (after the run, on standard error).
  public let report: (String) -> Void

  public init(
    words: [String], identity: RunIdentity, startWall: Date, resumed: Bool,
    environment: [String: String], clock: WallClock = .system,
    report: @escaping (String) -> Void
  ) {
    self.clock = clock
    self.words = words
    self.identity = identity
    self.startWall = startWall
    self.resumed = resumed
    self.environment = environment
    self.report = report
  }

  public func present(_ update: RunUpdate) {}

  public func notice(_ text: String) {}

  public func finish(_ engine: Engine) {
    let end = Int64(clock.now().timeIntervalSince(startWall) * 1000)
    var session = RunRecorder.session(
      engine: engine, identity: identity, startWall: startWall, end: end, resumed: resumed)
    session.task = identity.task
    let json = SessionJSON.line(session)
    let runner = ActionRunner()
    final class Box: @unchecked Sendable { var outcome: ActionRunner.Outcome? }
    let box = Box()
    runner.run(words, timeout: Self.timeout, input: Array(json.utf8), environment: environment) {
      box.outcome = $0
    }
    runner.wait()
    guard let outcome = box.outcome,
      let failure = ActionOutcomeText.failure(outcome, limit: "10s")
    else { return }
    report("session.command \(TerminalText.line(words[0])) \(failure); the session was sent to it")
  }

}
