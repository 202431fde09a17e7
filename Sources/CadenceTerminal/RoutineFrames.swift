import CadenceCore
import CadenceRuntime
import CadenceTime
import FoundationEssentials

/// The frames of a routine's run (`RunScreen`): the last messages with their times, the
/// notices, the clock face, and the timeline strip and finishing time, each made again only
/// when what it shows changed.
public struct RoutineFrames: ViewFrames {
  /// How many messages the view keeps, with their times.
  public static let keptMessages = 4

  let startDate: Date
  let timeZone: Zone
  let detachable: Bool
  /// The timeline strip for an engine, a width and colour or not.
  let drawStrip: @Sendable (Engine, Int, Bool) -> [String]
  var style: RunScreen.Style
  /// The last messages, each after its clock time: `09:05:07  Stir`.
  var messages: [String] = []
  var notices: [String] = []
  private var strip: (columns: Int, total: Int64, lines: [String])?
  private var finishText: (second: Int64, text: String)?

  init(
    startDate: Date, timeZone: Zone, detachable: Bool,
    drawStrip: @escaping @Sendable (Engine, Int, Bool) -> [String], style: RunScreen.Style
  ) {
    self.startDate = startDate
    self.timeZone = timeZone
    self.detachable = detachable
    self.drawStrip = drawStrip
    self.style = style
  }

  public var drawsBeforeUpdate: Bool { false }

  public mutating func take(_ update: RunUpdate) -> Bool {
    for narration in update.narrations {
      guard let text = narration.message, !text.isEmpty else { continue }
      let time = RunView.timeOfDay(
        startDate.addingTimeInterval(Double(narration.event.due) / 1000), in: timeZone)
      messages.append("\(time)  \(text)")
      if messages.count > Self.keptMessages { messages.removeFirst() }
    }
    return !update.narrations.isEmpty
  }

  public mutating func notice(_ text: String) -> Bool {
    notices.append(text)
    return true
  }

  public mutating func toggleStyle() {
    style = style == .digital ? .analogue : .digital
  }

  public mutating func render(
    _ update: RunUpdate?, at moment: Int64, columns: Int, rows: Int, colour: Bool
  ) -> [String] {
    guard let engine = update?.engine else { return [] }
    let finish = engine.projectedFinish().map { finish -> String in
      let second = finish / 1000
      if let finishText, finishText.second == second { return finishText.text }
      let text = RunView.timeOfDay(
        startDate.addingTimeInterval(Double(finish) / 1000), in: timeZone)
      finishText = (second, text)
      return text
    }
    if strip?.columns != columns || strip?.total != engine.total {
      strip = (columns, engine.total, drawStrip(engine, columns, colour))
    }
    return RunScreen(
      engine: engine, now: moment, style: style, columns: columns, rows: rows, colour: colour,
      messages: messages,
      notices: notices.suffix(RunScreen.noticeLines), finish: finish, strip: strip?.lines ?? [],
      detachable: detachable
    ).render()
  }

  /// Until the step's shown second changes (or, waiting for the user, the count of
  /// overtime), not a moment sooner.
  public func nextChange(_ update: RunUpdate?, at moment: Int64) -> Int64? {
    guard let engine = update?.engine else { return nil }
    switch engine.state {
    case .running:
      return Self.untilSecondTurns(engine.segmentLength - engine.segmentElapsed(at: moment))
    case .waiting: return 1000 - (moment % 1000)
    default: return nil
    }
  }

  public func end(_ engine: Engine) -> Bool { false }
}
