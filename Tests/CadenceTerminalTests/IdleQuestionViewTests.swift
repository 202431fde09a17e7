import CadenceCore
import CadenceTestSupport
import Synchronization
import Testing

@testable import CadenceDesktop
@testable import CadenceTerminal

/// The question about idle time on a view, on a manual clock: it is answered only by keys
/// read once it is on the screen (a `d` pressed to detach as it arrives detaches), and a view
/// whose terminal has gone is not asked: the setting decides.
@Suite struct IdleQuestionViewTests {
  typealias Timeline = ViewLoopTests.Timeline

  static let question = "Back after 5 s idle: k keeps it as focus, d discards it."

  /// The run an idle watch acts on: the commands it is sent and the notices it is told.
  final class Run: IdleRun {
    let sent = Mutex<[EngineCommand]>([])
    let told = Mutex<[String]>([])
    func standing() -> (engine: Engine, microseconds: Int64)? { nil }
    func send(_ command: EngineCommand) { sent.withLock { $0.append(command) } }
    func notice(_ text: String) { told.withLock { $0.append(text) } }
  }

  @Test func onlyKeysReadAfterTheQuestionWasDrawnAnswerIt() async {
    let timeline = Timeline()
    let screen = ViewLoopTests.Screen()
    let view = ViewLoopTests.countdown(timeline, on: screen)
    view.present(ViewLoopTests.counting(timeline))
    #expect(screen.next())
    let keys = QuestionKeys()
    let number = keys.put(open: true)
    // `d` read as the question arrives, before it is drawn: it detaches, answering nothing.
    let early = timeline.now
    #expect(keys.answer(.character("d"), readAt: early) == nil)
    await timeline.advance(by: .milliseconds(50))
    #expect(view.ask(Self.question) { keys.drawn(number, at: $0) })
    #expect(screen.next())
    #expect(screen.last.contains("k keep idle time"))
    _ = view.read { _ in 0 }
    // Handled only now, it was still read before the question was drawn.
    #expect(keys.answer(.character("d"), readAt: early) == nil)
    #expect(keys.answer(.character("d"), readAt: timeline.now) == .discard)
    #expect(keys.answer(.character("k"), readAt: timeline.now) == .keep)
    #expect(keys.answer(.character("D"), readAt: timeline.now) == nil)
    // Taken back: no key answers, and the frame drawn for the old question is not taken
    // for a new one.
    _ = keys.put(open: false)
    #expect(keys.answer(.character("k"), readAt: timeline.now) == nil)
    let next = keys.put(open: true)
    keys.drawn(number, at: timeline.now)
    #expect(keys.answer(.character("k"), readAt: timeline.now) == nil)
    keys.drawn(next, at: timeline.now)
    #expect(keys.answer(.character("k"), readAt: timeline.now) == .keep)
    view.close()
    // A closed view is not there to be asked.
    #expect(!view.isOpen)
    #expect(!view.ask(Self.question))
  }

  /// A focus's own view is asked while it is open; once its terminal has gone, the setting
  /// decides: for the question it was asking, and for one that arises after.
  @Test func aClosedViewLeavesTheQuestionToTheSetting() async {
    let timeline = Timeline()
    let screen = ViewLoopTests.Screen()
    let view = ViewLoopTests.countdown(timeline, on: screen)
    view.present(ViewLoopTests.counting(timeline))
    #expect(screen.next())
    let run = Run()
    let idle = IdleWatch(
      settings: IdleSettings(threshold: .seconds(60), onReturn: .keep), environment: [:],
      run: run, asking: .relayed(view: view, server: nil, otherwise: .keep))
    idle.returned(after: 5000)
    #expect(view.read { $0.state.asking })
    #expect(run.sent.withLock { $0 }.isEmpty)
    view.close()
    idle.viewClosed(server: nil)
    #expect(run.sent.withLock { $0 } == [.credit(5000)])
    #expect(!idle.answer(.discard))
    // Away again and back, with the view gone: the setting at once.
    idle.returned(after: 7000)
    #expect(run.sent.withLock { $0 } == [.credit(5000), .credit(7000)])
    #expect(
      run.told.withLock { $0 } == [
        IdleText.applied(.keep, away: .seconds(5)), IdleText.applied(.keep, away: .seconds(7)),
      ])
  }
}
