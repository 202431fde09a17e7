import CadenceCore
import CadenceTestSupport
import Testing

@testable import CadenceDesktop

/// When a focus pauses for idleness and sees its person back, on a manual clock: each test is
/// a timeline of readings (how long the person has been idle) and decisions.
@Suite struct IdlePolicyTests {
  let clock = ManualClock()

  func policy(_ threshold: Duration = .seconds(300)) -> IdlePolicy<ManualClock> {
    IdlePolicy(threshold: threshold, clock: clock)
  }

  @Test func itPausesOnceTheThresholdIsReachedBackdatedToWhenIdlenessBegan() {
    var policy = policy()
    #expect(policy.observe(.seconds(10), running: true) == .none)
    clock.advance(by: .seconds(200))
    #expect(policy.observe(.seconds(210), running: true) == .none)
    clock.advance(by: .seconds(95))
    #expect(policy.observe(.seconds(305), running: true) == .pause(idle: .seconds(305)))
    // Away since 10 s before the first reading (clock at 295 s, idle 305 s).
    #expect(policy.awaySince == ManualClock.Instant(offset: .seconds(-10)))
  }

  @Test func aFocusPausedByHandIsNotPausedForIdleness() {
    var policy = policy()
    #expect(policy.observe(.seconds(900), running: false) == .none)
    #expect(policy.awaySince == nil)
  }

  @Test func noReadingDecidesNothing() {
    var policy = policy()
    #expect(policy.observe(nil, running: true) == .none)
    _ = policy.observe(.seconds(400), running: true)
    clock.advance(by: .seconds(30))
    #expect(policy.observe(nil, running: false) == .none)
    #expect(policy.awaySince != nil)
  }

  @Test func stillIdleIsStillAwayAndActivityIsBackAsOfThatActivity() {
    var policy = policy()
    #expect(policy.observe(.seconds(300), running: true) == .pause(idle: .seconds(300)))
    // Still idle: the reading grows with the clock (give or take the time a reading takes).
    clock.advance(by: .seconds(60))
    #expect(policy.observe(.milliseconds(359_600), running: false) == .none)
    // Active 3 s ago: back after 300 + 120 − 3 seconds away.
    clock.advance(by: .seconds(60))
    #expect(policy.observe(.seconds(3), running: false) == .back(away: .seconds(417)))
    #expect(policy.awaySince == nil)
    // And watching again from there.
    clock.advance(by: .seconds(10))
    #expect(policy.observe(.seconds(10), running: true) == .none)
  }

  @Test func aFocusResumedByHandWhileAwayEndsTheAbsence() {
    var policy = policy()
    _ = policy.observe(.seconds(300), running: true)
    clock.advance(by: .seconds(5))
    #expect(policy.observe(.seconds(305), running: true) == .resumedByHand)
    #expect(policy.awaySince == nil)
  }

  @Test func itReadsWhenTheThresholdCouldFirstBeReachedNeverMoreOftenThanEveryTwoSeconds() {
    var policy = policy()
    // Active just now: nothing can happen for five minutes, but it looks again within one.
    #expect(policy.delay(after: .zero, running: true) == .seconds(60))
    // Idle 4 min 30 s: the threshold is 30 s away.
    #expect(policy.delay(after: .seconds(270), running: true) == .seconds(30))
    // Idle 4 min 59 s: not sooner than 2 s.
    #expect(policy.delay(after: .seconds(299), running: true) == .seconds(2))
    // No reading, or paused by hand: a minute.
    #expect(policy.delay(after: nil, running: true) == .seconds(60))
    #expect(policy.delay(after: .zero, running: false) == .seconds(60))
    // Away: every 2 s, to see the person back soon.
    _ = policy.observe(.seconds(300), running: true)
    #expect(policy.delay(after: .seconds(300), running: false) == .seconds(2))
  }

  @Test func aShortThresholdReadsMoreOftenInProportion() {
    let short = policy(.milliseconds(1500))
    #expect(short.shortest == .milliseconds(750))
    #expect(short.longest == .milliseconds(1500))
    #expect(short.delay(after: .zero, running: true) == .milliseconds(1500))
  }

  @Test func aTimelineOfReadingsOnItsOwnScheduleDecidesAtTheRightMoments() {
    // The person works for 100 s, then leaves for 10 min, then comes back.
    var policy = policy()
    let leaves: Duration = .seconds(100)
    let returns: Duration = .seconds(700)
    func idle(at now: Duration) -> Duration {
      if now < leaves { return .zero }
      if now < returns { return now - leaves }
      return now - returns
    }
    var now: Duration = .zero
    var decisions: [(Duration, IdlePolicy<ManualClock>.Decision)] = []
    var readings = 0
    var running = true
    while now < .seconds(800) {
      let reading = idle(at: now)
      readings += 1
      let decision = policy.observe(reading, running: running)
      if decision != .none { decisions.append((now, decision)) }
      if case .pause = decision { running = false }
      if case .back = decision { running = true }
      let wait = policy.delay(after: reading, running: running)
      clock.advance(by: wait)
      now += wait
    }
    #expect(decisions.map(\.1) == [.pause(idle: .seconds(300)), .back(away: .seconds(600))])
    // Noticed exactly at the threshold (100 s + 300 s), back within 2 s of the return.
    #expect(decisions.first?.0 == .seconds(400))
    #expect(decisions.last.map { $0.0 >= returns && $0.0 <= returns + .seconds(2) } == true)
    // Far fewer readings than one every 2 s (400 over 800 s).
    #expect(readings < 170, "\(readings) readings")
  }
}
