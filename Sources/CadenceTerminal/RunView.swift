import CadenceCore
import CadenceRuntime
import CadenceTime
import Dispatch
import FoundationEssentials

/// The full-screen view of a run, as an output: draws the engine as it stands, redrawing only
/// when the shown second changes, on a queue of its own. It works the same for a run in this
/// process and for one it follows over the control socket.
public final class RunView: RunOutput, @unchecked Sendable {
  /// How many messages the view keeps, with their times.
  public static let keptMessages = 4

  private let queue = DispatchQueue(label: "cadence.view", qos: .userInteractive)
  private let console: TerminalOutput
  private let startDate: Date
  private let timeZone: Zone

  // Touched only on `queue`.
  private var update: RunUpdate?
  private var messages: [(time: String, text: String)] = []
  private var notices: [String] = []
  private var style: RunScreen.Style
  private lazy var painter = ScreenPainter(console: console)
  /// Redraws after resizes, one for a burst of them.
  private let resized = RedrawRequest()
  private lazy var redraws = RedrawTimer(queue: queue) { [weak self] in self?.draw(force: false) }
  private var strip: (columns: Int, total: Int64, lines: [String])?
  private var finishText: (milliseconds: Int64, text: String)?
  private var closed = false
  private let detachable: Bool
  /// Rings the terminal's bell where the run would ring (no sound player to do it): whether
  /// a narration rings, nil for no bell.
  private let bell: (@Sendable (Narration) -> Bool)?
  /// The timeline strip for an engine, a width and colour or not.
  private let drawStrip: @Sendable (Engine, Int, Bool) -> [String]

  public init(
    style: RunScreen.Style, console: TerminalOutput, startDate: Date, timeZone: Zone,
    detachable: Bool = false,
    bell: (@Sendable (Narration) -> Bool)? = nil,
    strip: @escaping @Sendable (Engine, Int, Bool) -> [String]
  ) {
    drawStrip = strip
    self.bell = bell
    self.detachable = detachable
    self.style = style
    self.console = console
    self.startDate = startDate
    self.timeZone = timeZone
  }

  public func present(_ update: RunUpdate) {
    queue.async {
      self.update = update
      for narration in update.narrations {
        guard let text = narration.message, !text.isEmpty else { continue }
        let time = Self.timeOfDay(
          self.startDate.addingTimeInterval(Double(narration.event.due) / 1000), in: self.timeZone)
        self.messages.append((time, text))
        if self.messages.count > Self.keptMessages { self.messages.removeFirst() }
      }
      self.draw(force: !update.narrations.isEmpty)
      // Once for the events of one instant, after the frame that shows them.
      if let bell = self.bell, !self.closed, update.narrations.contains(where: bell) {
        self.console.write("\u{07}")
      }
    }
  }

  public func notice(_ text: String) {
    queue.async {
      self.notices.append(text)
      self.draw(force: true)
    }
  }

  public func finish(_ engine: Engine) {
    queue.sync {
      redraws.cancel()
      closed = true
    }
  }

  /// Switches the clock face, from a key.
  public func toggleStyle() {
    queue.async {
      self.style = self.style == .digital ? .analogue : .digital
      self.draw(force: true)
    }
  }

  /// Redraws from scratch, after a resize; a burst of resizes draws once.
  public func redraw() {
    resized.ask(on: queue) { self.draw(force: true) }
  }

  /// The notices the view showed and the last messages, to print once it has gone.
  public func closingWords() -> (notices: [String], messages: [String]) {
    queue.sync { (notices, messages.map { "\($0.time)  \($0.text)" }) }
  }

  /// `09:05:07` on the zone's clocks.
  public static func timeOfDay(_ date: Date, in timeZone: Zone) -> String {
    TimeFormat.clock(timeZone.local(date))
  }

  private func draw(force: Bool) {
    guard !closed, let update else { return }
    let engine = update.engine
    let size = TerminalMode.size()
    let moment = update.milliseconds(at: .now)
    let finish = engine.projectedFinish().map { finish -> String in
      let second = finish / 1000
      if let cached = finishText, cached.milliseconds == second { return cached.text }
      let text = Self.timeOfDay(
        startDate.addingTimeInterval(Double(finish) / 1000), in: timeZone)
      finishText = (second, text)
      return text
    }
    if strip?.columns != size.columns || strip?.total != engine.total {
      strip = (
        size.columns, engine.total,
        drawStrip(engine, size.columns, console.colour)
      )
    }
    let screen = RunScreen(
      engine: engine, now: moment, style: style, columns: size.columns, rows: size.rows,
      colour: console.colour, messages: messages.map { "\($0.time)  \($0.text)" },
      notices: notices.suffix(RunScreen.noticeLines), finish: finish, strip: strip?.lines ?? [],
      detachable: detachable)
    painter.paint(screen.render(), force: force)
    scheduleRedraw(engine: engine, at: moment)
  }

  /// Sleeps until the countdown's shown second changes (or, waiting for the user, the count of
  /// overtime), not a moment sooner.
  private func scheduleRedraw(engine: Engine, at moment: Int64) {
    switch engine.state {
    case .running:
      redraws.wake(whenSecondTurns: engine.segmentLength - engine.segmentElapsed(at: moment))
    case .waiting:
      redraws.wake(inMilliseconds: 1000 - (moment % 1000))
    default:
      redraws.sleep()
    }
  }
}
