import CadenceCore
import CadenceRuntime
import Foundation

/// The user's own automation: when a run is over, the `session.command` setting's command runs
/// with the finished session as JSON on its standard input (as one element of `history --json`),
/// with a time limit of 10 seconds. It needs no trust: it is the user's setting, not a routine's.
final class SessionCommandOutput: RunOutput {
  static let timeout: Int64 = 10_000

  let words: [String]
  let identity: RunIdentity
  let startWall: Date
  let resumed: Bool
  let environment: [String: String]
  /// Where to say that the command failed (after the run, on standard error).
  let report: (String) -> Void

  init(
    words: [String], identity: RunIdentity, startWall: Date, resumed: Bool,
    environment: [String: String], report: @escaping (String) -> Void
  ) {
    self.words = words
    self.identity = identity
    self.startWall = startWall
    self.resumed = resumed
    self.environment = environment
    self.report = report
  }

  func present(_ update: RunUpdate) {}

  func notice(_ text: String) {}

  func finish(_ engine: Engine) {
    let end = Int64(Date().timeIntervalSince(startWall) * 1000)
    var session = RunRecorder.session(
      engine: engine, identity: identity, startWall: startWall, end: end, resumed: resumed)
    session.task = identity.task
    let json = HistoryCommand.json(session).rendered + "\n"
    let runner = ActionRunner()
    final class Box: @unchecked Sendable { var outcome: ActionRunner.Outcome? }
    let box = Box()
    runner.run(words, timeout: Self.timeout, input: Array(json.utf8), environment: environment) {
      box.outcome = $0
    }
    runner.wait()
    guard let outcome = box.outcome else { return }
    let name = words[0]
    if outcome.timedOut {
      report("session.command \(name): stopped after 10 seconds; the session was sent to it")
    } else if outcome.status != 0 {
      let said = outcome.output.split(separator: "\n").first.map { ": \($0)" } ?? ""
      report(
        "session.command \(name): ended with status \(outcome.status.map(String.init) ?? "none")\(said)"
      )
    }
  }

}
