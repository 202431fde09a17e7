import CadenceCore
import CadenceText
import FoundationEssentials
import Synchronization

/// Runs the commands a routine's hooks ask for (their actions) when the user trusts the
/// routine: each off the timer, killed with its group at its time limit. The first failure is
/// told as a notice during the run; later ones are counted and told once it is over. For a
/// routine not trusted, the first action is reported once and none runs.
///
/// A run that finishes waits for the commands still going (each to its time limit at most); a
/// run that is stopped kills them. Then what is left to say goes to the run's other outputs
/// before they finish (so a view attached to a background run still shows it): it must come
/// first among a run's outputs. Sendable: what changes is in its locked tally.
public final class ActionOutput: RunOutput, @unchecked Sendable {
  public let trusted: Bool
  /// The routine as the user names it (its path), for the sentences.
  public let routine: String
  public let environment: [String: String]
  /// Tells the run something (a notice on its outputs).
  public let notice: @Sendable (String) -> Void
  /// The run's other outputs, told what is left to say when the run is over.
  public let others: [RunOutput]
  private let runner = ActionRunner()
  private let tally = Mutex(Tally())

  /// Counts of what went wrong, from the threads the commands end on.
  private struct Tally {
    var failures = 0
    var skipped = 0
    var stopped = 0
    /// Set once the run is over: a first failure after that waits for the closing words.
    var finishing = false
    var late: String?
  }

  public init(
    trusted: Bool, routine: String, environment: [String: String], others: [RunOutput],
    notice: @escaping @Sendable (String) -> Void
  ) {
    self.others = others
    self.trusted = trusted
    self.routine = TerminalText.line(routine)
    self.environment = environment
    self.notice = notice
  }

  public func present(_ update: RunUpdate) {
    for narration in update.narrations {
      for action in narration.actions { start(action) }
    }
  }

  private func start(_ action: HookAction) {
    let command = TerminalText.line(action.commandLine)
    guard trusted else {
      let first = tally.withLock {
        $0.skipped += 1
        return $0.skipped == 1
      }
      if first {
        notice(
          "\(routine) asks to run \(command), but you do not trust it, so its actions are skipped (its messages still show); cadence trust \(routine) lets them run"
        )
      }
      return
    }
    let limit = DurationText.format(action.timeout)
    let started = runner.run(action.arguments, timeout: action.timeout, environment: environment) {
      [self] outcome in
      if outcome.ending == .stopped { tally.withLock { $0.stopped += 1 } }
      if let failure = ActionOutcomeText.failure(outcome, limit: limit) {
        failed(command, failure)
      }
    }
    if !started {
      failed(
        command,
        "was not started: \(runner.maximumRunning) of this routine's actions are still running")
    }
  }

  private func failed(_ command: String, _ what: String) {
    let sentence =
      "\(routine): action \(command) \(what); further failures of its actions are counted and told at the end"
    let tell = tally.withLock {
      $0.failures += 1
      guard $0.failures == 1 else { return false }
      if $0.finishing { $0.late = "\(routine): action \(command) \(what)" }
      return !$0.finishing
    }
    if tell { notice(sentence) }
  }

  public func notice(_ text: String) {}

  public func finish(_ engine: Engine) {
    tally.withLock { $0.finishing = true }
    if engine.state != .finished { runner.stop() }
    runner.wait()
    for words in closingWords() {
      for output in others { output.notice(words) }
    }
  }

  /// What to tell once the run is over: a first failure that came as it ended, failures after
  /// the first, and commands stopped with the run.
  private func closingWords() -> [String] {
    let (failures, stopped, late) = tally.withLock { ($0.failures, $0.stopped, $0.late) }
    var words = late.map { [$0] } ?? []
    if failures > 1 {
      words.append(
        "\(routine): \(failures - 1) more of its actions failed after the first"
      )
    }
    if stopped > 0 {
      words.append(
        "\(routine): \(stopped == 1 ? "an action was" : "\(stopped) actions were") still running when the run stopped, and \(stopped == 1 ? "was" : "were") killed with everything \(stopped == 1 ? "it" : "they") started"
      )
    }
    return words
  }
}
