import CadenceCore
import Dispatch
import Synchronization
import Testing

@testable import CadenceDesktop

/// What becomes of the time away once the person is back: the question is put to the views
/// that answer, answered, or left to the setting when nobody is there or nobody is left; in
/// every order, the time is credited or discarded exactly once.
@Suite struct IdleQuestionTests {
  /// The run the watch acts on: the commands it is sent and the notices it is told.
  final class Run: IdleRun {
    let sent = Mutex<[EngineCommand]>([])
    let told = Mutex<[String]>([])
    func standing() -> (engine: Engine, microseconds: Int64)? { nil }
    func send(_ command: EngineCommand) { sent.withLock { $0.append(command) } }
    func notice(_ text: String) { told.withLock { $0.append(text) } }
    var credits: [EngineCommand] {
      sent.withLock { $0.filter { if case .credit = $0 { true } else { false } } }
    }
  }

  /// What the views were shown: each question's time away, nil when it was taken back.
  final class Views: Sendable {
    let put = Mutex<[Duration?]>([])
    let watched: Bool
    init(watched: Bool) { self.watched = watched }
  }

  func watch(_ run: Run, _ asking: IdleWatch.Asking) -> IdleWatch {
    IdleWatch(
      settings: IdleSettings(threshold: .seconds(60)), environment: [:], run: run, asking: asking)
  }

  func asking(_ views: Views, otherwise: IdleReturn) -> IdleWatch.Asking {
    .askIfWatched(
      { away in
        views.put.withLock { $0.append(away) }
        return views.watched
      }, otherwise: otherwise)
  }

  @Test func anAnswerCreditsOnceAndASecondFindsNoQuestion() {
    let run = Run()
    let views = Views(watched: true)
    let idle = watch(run, asking(views, otherwise: .discard))
    idle.returned(after: 5000)
    #expect(views.put.withLock { $0 } == [.milliseconds(5000)])
    #expect(idle.answer(.keep))
    #expect(!idle.answer(.discard))
    #expect(!idle.unwatched())
    #expect(run.credits == [.credit(5000)])
    #expect(views.put.withLock { $0 } == [.milliseconds(5000), nil])
    #expect(run.told.withLock { $0 } == ["Kept 5 s of idle time as focus."])
  }

  /// The last view that could answer goes with the question open: the setting applies, and
  /// an answer that comes after it finds nothing.
  @Test(arguments: [IdleReturn.keep, .discard])
  func nobodyLeftToAnswerAppliesTheSetting(setting: IdleReturn) {
    let run = Run()
    let views = Views(watched: true)
    let idle = watch(run, asking(views, otherwise: setting))
    idle.returned(after: 120_000)
    #expect(idle.unwatched())
    #expect(!idle.answer(.keep))
    #expect(run.credits == (setting == .keep ? [.credit(120_000)] : []))
    #expect(views.put.withLock { $0 } == [.milliseconds(120_000), nil])
    #expect(run.told.withLock { $0 } == [IdleText.applied(setting, away: .seconds(120))])
  }

  /// An answer that comes while the question is being put to views that turn out not to be
  /// there (one that just left): it waits for the question to be settled, and finds it gone,
  /// so the time is not both kept by the answer and given to the setting.
  @Test func anAnswerWhileNobodyTurnsOutToBeThereIsNotTakenTwice() {
    let run = Run()
    let answered = Mutex<Bool?>(nil)
    let done = DispatchSemaphore(value: 0)
    let holder = Mutex<IdleWatch?>(nil)
    let idle = watch(
      run,
      .askIfWatched(
        { away in
          guard away != nil, let idle = holder.withLock({ $0 }) else { return false }
          // A view's answer arrives on another thread while the question is being put.
          DispatchQueue.global().async {
            answered.withLock { $0 = idle.answer(.keep) }
            done.signal()
          }
          // It cannot be taken before the question is settled: it waits for this.
          #expect(done.wait(timeout: .now() + .milliseconds(200)) == .timedOut)
          return false
        }, otherwise: .discard))
    holder.withLock { $0 = idle }
    idle.returned(after: 3000)
    // The answer, let go once the setting applied, found no question.
    #expect(done.wait(timeout: .now() + 5) == .success)
    #expect(answered.withLock { $0 } == false)
    #expect(run.credits.isEmpty)
    #expect(run.told.withLock { $0 } == [IdleText.applied(.discard, away: .seconds(3))])
  }

  /// Answers and the setting racing from many threads: one of them settles the question.
  @Test func manyAtOnceSettleItOnce() {
    for _ in 0..<50 {
      let run = Run()
      let idle = watch(run, asking(Views(watched: true), otherwise: .keep))
      idle.returned(after: 1000)
      let settled = Atomic(0)
      DispatchQueue.concurrentPerform(iterations: 8) { index in
        let done = index.isMultiple(of: 2) ? idle.answer(.keep) : idle.unwatched()
        if done { settled.wrappingAdd(1, ordering: .relaxed) }
      }
      #expect(settled.load(ordering: .relaxed) == 1)
      #expect(run.credits == [.credit(1000)])
      #expect(run.told.withLock { $0.count } == 1)
    }
  }

  @Test func withNobodyWatchingTheSettingAppliesAndNoQuestionStaysOpen() {
    let run = Run()
    let views = Views(watched: false)
    let idle = watch(run, asking(views, otherwise: .keep))
    idle.returned(after: 2000)
    #expect(views.put.withLock { $0 } == [.milliseconds(2000), nil])
    #expect(run.credits == [.credit(2000)])
    #expect(!idle.answer(.discard))
    #expect(!idle.unwatched())
  }
}
