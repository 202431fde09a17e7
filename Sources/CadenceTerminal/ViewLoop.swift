import CadenceCore
import CadenceRuntime
import CadenceSystem
import Dispatch
import Synchronization

/// The one thread of a full-screen view. It sleeps on an alarm (the system's timerfd) until
/// the next frame is due or until something is posted to it (an update of the run, a key's
/// change of the view, a resize), runs what was posted in order, then asks the view for a
/// frame: one wake-up for each second shown, none while nothing changes.
public final class ViewLoop: @unchecked Sendable {
  public typealias Instant = ContinuousClock.Instant

  private struct Mailbox {
    var work: [@Sendable () -> Void] = []
    var started = false
    /// Asked to end: the thread leaves once what was posted has run.
    var ending = false
    /// The thread has left (or never could start): posts are refused.
    var gone = false
  }

  private let mailbox = Mutex(Mailbox())
  /// Held while posted work runs on a poster's thread, for want of a thread of the loop's own.
  private let inPlace = Mutex(())
  private let alarm: (any RunAlarm<Instant>)?
  private let now: @Sendable () -> Instant
  /// Draws what is due at an instant and says when the next frame is due (nil: not until
  /// something is posted). Touched only on the loop's thread, set before it starts.
  private var frame: (Instant) -> Instant? = { _ in nil }

  /// A loop on `alarm`, reading the time from `now`: tests pass a manual clock's.
  public init(alarm: any RunAlarm<Instant>, now: @escaping @Sendable () -> Instant) {
    self.alarm = alarm
    self.now = now
  }

  /// A loop on the system's timer and continuous clock. Without a timer to be had (no
  /// descriptors left), posts run at once on the caller's thread and frames come only then.
  public convenience init() {
    if let alarm = try? ContinuousAlarm.make() {
      self.init(alarm: alarm, now: { ContinuousClock.now })
    } else {
      self.init(alarm: nil)
    }
  }

  private init(alarm: (any RunAlarm<Instant>)?) {
    self.alarm = alarm
    now = { ContinuousClock.now }
  }

  /// Now, on the loop's clock.
  public func time() -> Instant { now() }

  /// Sets what the loop draws; before anything is posted.
  public func draw(_ frame: @escaping (Instant) -> Instant?) {
    self.frame = frame
  }

  /// Runs `work` on the loop's thread, after what was posted before it, then a frame if one
  /// is due; false when the loop has ended.
  @discardableResult
  public func post(_ work: @escaping @Sendable () -> Void) -> Bool {
    let (accepted, start) = mailbox.withLock { mailbox -> (Bool, Bool) in
      guard !mailbox.gone else { return (false, false) }
      mailbox.work.append(work)
      defer { mailbox.started = true }
      return (true, !mailbox.started)
    }
    guard accepted else { return false }
    if start {
      guard let alarm, DetachedThread.start(stackSize: 1 << 19, { [self] in run(alarm) }) else {
        // No thread: the caller's runs the loop's work, one post at a time.
        mailbox.withLock { $0.started = false }
        runInPlace()
        return true
      }
    } else {
      alarm?.ring()
    }
    return true
  }

  /// Runs `work` on the loop's thread and waits for it; on the caller's thread once the loop
  /// has ended (nothing else touches the view then).
  public func sync<T: Sendable>(_ work: @escaping @Sendable () -> T) -> T {
    let result = Mutex<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    guard
      post({
        result.withLock { $0 = work() }
        done.signal()
      })
    else { return work() }
    done.wait()
    return result.withLock { $0! }
  }

  /// Ends the loop once what was posted has run; from the loop's own thread (in posted work)
  /// or any other.
  public func end() {
    mailbox.withLock { $0.ending = true }
    alarm?.ring()
  }

  private func run(_ alarm: any RunAlarm<Instant>) {
    while true {
      let (work, ending) = mailbox.withLock { mailbox in
        defer { mailbox.work.removeAll() }
        return (mailbox.work, mailbox.ending)
      }
      for item in work { item() }
      if ending || mailbox.withLock({ $0.ending }) {
        let left = mailbox.withLock { mailbox -> Bool in
          if mailbox.work.isEmpty { mailbox.gone = true }
          return !mailbox.gone
        }
        if left { continue }
        return
      }
      alarm.wait(until: frame(now()))
    }
  }

  /// The loop's work done on the posting thread, for want of a thread of its own.
  private func runInPlace() {
    inPlace.withLock { _ in runBatchInPlace() }
  }

  private func runBatchInPlace() {
    let work = mailbox.withLock { mailbox in
      defer { mailbox.work.removeAll() }
      return mailbox.work
    }
    for item in work { item() }
    _ = frame(now())
  }
}
