import CadenceCore
import Dispatch
import Foundation

/// Everything a running routine shows, on one serial queue off the timing path: hook calls,
/// output lines, the full-screen view, sound and notifications.
final class RunPresenter: @unchecked Sendable {
  let queue = DispatchQueue(label: "cadence.present", qos: .userInteractive)
  private let narrator: EventNarrator
  private let options: RunOptions
  private let console: Console
  private let sound: SoundPlayer
  private let notifier: DesktopNotifier
  private let formatter: EventFormatter
  private let startDate: Date
  private let timeZone: TimeZone
  private let clock = ContinuousClock()

  // The view's state, touched only on `queue`.
  private var engine: Engine?
  private var start: ContinuousClock.Instant?
  private var message: String?
  private var notices: [String] = []
  private var style: RunScreen.Style
  private var timer: DispatchSourceTimer?
  private var lastFrame: [String] = []
  private var previousKind: SegmentKind?
  private var strip: (columns: Int, lines: [String])?
  private var finishText: (milliseconds: Int64, text: String)?

  init(
    narrator: EventNarrator, options: RunOptions, console: Console, sound: SoundPlayer,
    notifier: DesktopNotifier, startDate: Date, timeZone: TimeZone, notices: [String]
  ) {
    self.narrator = narrator
    self.options = options
    self.console = console
    self.sound = sound
    self.notifier = notifier
    self.startDate = startDate
    self.timeZone = timeZone
    self.style = options.style
    self.notices = notices
    formatter = EventFormatter(clock: .wall(start: startDate, timeZone: timeZone))
    if options.output != .view {
      for notice in notices { console.problem("\(notice)") }
    }
  }

  /// Shows a notice: in the view's notice line (and again after the run), else on standard
  /// error; returns at once.
  func notice(_ text: String) {
    queue.async {
      if self.options.output == .view {
        self.notices.append(text)
        self.draw(force: true)
      } else {
        self.console.problem(text)
      }
    }
  }

  /// The notices the view showed, to print once it has gone.
  func shownNotices() -> [String] {
    queue.sync { options.output == .view ? notices : [] }
  }

  /// Hands a runner update over; returns at once.
  func deliver(_ update: EngineRunner<ContinuousClock>.Update) {
    queue.async { self.present(update) }
  }

  /// Switches the clock face, from a key.
  func toggleStyle() {
    queue.async {
      self.style = self.style == .digital ? .analogue : .digital
      self.draw(force: true)
    }
  }

  /// Redraws from scratch, after a resize.
  func redraw() {
    queue.async { self.draw(force: true) }
  }

  /// Waits until everything handed over has been shown.
  func drain() {
    queue.sync {
      timer?.cancel()
      timer = nil
    }
  }

  private func present(_ update: EngineRunner<ContinuousClock>.Update) {
    engine = update.engine
    start = update.start
    for event in update.events {
      let narration = narrator.narrate(event, engine: update.engine)
      if let failure = narration.hookFailure {
        if options.output == .view {
          notices.append(failure)
        } else {
          console.problem("\(failure)")
        }
      }
      switch options.output {
      case .json:
        console.out(formatter.json(narration, lateMicroseconds: update.lateness(of: event)) + "\n")
      case .plain:
        if !EventFormatter.isQuiet(event, segments: update.engine.schedule.segments) {
          console.out(formatter.plain(narration) + "\n")
        }
      case .view:
        if let text = narration.message { message = text }
      }
      signal(narration, segments: update.engine.schedule.segments)
    }
    if options.output == .view { draw(force: !update.events.isEmpty) }
  }

  /// The sound and notification channels: milestones, reminders and manual steps get all
  /// three; pauses, the end of a break and the finish get a sound.
  private func signal(_ narration: Narration, segments: [Segment]) {
    let event = narration.event
    var ring = false
    var notify = false
    switch event.kind {
    case .milestone, .reminder:
      ring = true
      notify = true
    case .finish:
      ring = true
      notify = true
    case .segmentStart:
      let kind = narration.context.step?.kind
      ring = true
      notify = kind == .manual || (kind == .work && previousKind == .pause)
      previousKind = kind
    default:
      break
    }
    if ring, narration.sound?.lowercased() != "none" { sound.play() }
    if notify, let text = narration.message {
      notifier.notify(
        title: narration.title ?? "Cadence · \(narration.context.routine)", message: text,
        urgency: narration.urgency)
    }
  }

  private func now() -> Int64 {
    guard let start else { return 0 }
    return EngineRunner<ContinuousClock>.milliseconds(from: start, to: clock.now)
  }

  private func draw(force: Bool) {
    guard options.output == .view, let engine else { return }
    let size = TerminalMode.size()
    let moment = now()
    let finish = engine.projectedFinish().map { finish -> String in
      let second = finish / 1000
      if let cached = finishText, cached.milliseconds == second { return cached.text }
      let text = EventFormatter.timeOfDay(
        startDate.addingTimeInterval(Double(finish) / 1000), in: timeZone)
      finishText = (second, text)
      return text
    }
    if strip?.columns != size.columns {
      strip = (
        size.columns,
        RunScreen.strip(for: engine.schedule, columns: size.columns, colour: console.colour)
      )
    }
    let screen = RunScreen(
      engine: engine, now: moment, style: style, columns: size.columns, rows: size.rows,
      colour: console.colour, message: message, notice: notices.last, finish: finish,
      strip: strip?.lines ?? [])
    let frame = screen.render()
    if force || frame != lastFrame {
      // Only the lines that changed are written, each where it belongs.
      var text = force || frame.count != lastFrame.count ? "\u{1B}[H\u{1B}[J" : ""
      for (offset, line) in frame.enumerated()
      where force || offset >= lastFrame.count || lastFrame[offset] != line {
        text += "\u{1B}[\(offset + 1);1H" + line + "\u{1B}[K"
      }
      console.out(text)
      lastFrame = frame
    }
    scheduleRedraw(engine: engine, at: moment)
  }

  /// Sleeps until the countdown's shown second changes, not a moment sooner. One timer serves
  /// the whole run, rescheduled each time, rather than a new one every second.
  private func scheduleRedraw(engine: Engine, at moment: Int64) {
    let source: DispatchSourceTimer
    if let timer {
      source = timer
    } else {
      source = DispatchSource.makeTimerSource(queue: queue)
      source.setEventHandler { [weak self] in self?.draw(force: false) }
      source.schedule(deadline: .distantFuture)
      source.resume()
      timer = source
    }
    let delay: Int64
    switch engine.state {
    case .running:
      let remaining = max(0, engine.segmentLength - engine.segmentElapsed(at: moment))
      delay = remaining % 1000 == 0 ? 1000 : remaining % 1000
    case .waiting:
      delay = 1000 - (moment % 1000)
    default:
      source.schedule(deadline: .distantFuture)
      return
    }
    source.schedule(deadline: .now() + .milliseconds(Int(delay) + 1), leeway: .milliseconds(5))
  }
}
