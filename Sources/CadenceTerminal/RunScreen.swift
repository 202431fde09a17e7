import CadenceCore
import CadenceOutput
import CadenceText
import Synchronization

/// One frame of the full-screen run view, drawn from the engine as it stands at an instant.
/// Pure: the driver decides when to draw and writes the lines.
public struct RunScreen {
  public enum Style: String, Sendable {
    case digital
    case analogue
  }

  public var engine: Engine
  /// Milliseconds on the run's clock.
  public var now: Int64
  public var style: Style
  public var columns: Int
  public var rows: Int
  public var colour: Bool
  /// The last few messages, oldest first, each with its clock time.
  public var messages: [String]
  /// The last few notices (a tool that is missing, what a hook printed), oldest first.
  public var notices: [String] = []
  /// The clock time the routine would finish, if it is running.
  public var finish: String?
  /// The timeline strip for this width (legend first), made once per width by the caller.
  public var strip: [String]
  /// Whether the view follows a background run, which `d` leaves going.
  public var detachable = false

  /// Below this many rows or columns the big digits and the timeline give way to a compact
  /// line.
  public static let compactRows = 22
  public static let compactColumns = 60

  public func render() -> [String] {
    let width = max(20, columns)
    var lines: [String] = []
    let title = " Cadence · \(TerminalText.line(engine.schedule.name))"
    let right = finish.map { "finishes at \($0) " } ?? ""
    lines.append(fit(title, right, width))
    lines.append(TerminalLine.repeated("─", width))

    guard let segment = engine.currentSegment else {
      lines.append("")
      lines.append(engine.state == .finished ? "   All done." : "   Stopped.")
      return framed(lines)
    }
    let segmentElapsed = engine.segmentElapsed(at: now)
    var heading = "   \(TerminalText.line(segment.name.uppercased()))"
    if let round = segment.round, let rounds = segment.rounds {
      heading += " · round \(round) of \(rounds)"
    }
    var state = segment.kind.rawValue
    switch engine.state {
    case .paused: state = "PAUSED"
    case .waiting: state = "waiting for you"
    default: break
    }
    lines.append(fit(heading, state + "   ", width))
    lines.append("")

    let face: [String]
    let countdown: String
    if case .waiting(let since) = engine.state {
      countdown = segment.overtime ? "+" + DurationText.clock(now - since) : "0:00"
    } else {
      let remaining = max(0, engine.segmentLength - segmentElapsed)
      countdown = DurationText.clock(remaining + 999)
    }
    let compact = rows < Self.compactRows || columns < Self.compactColumns
    if style == .analogue, !compact {
      let fraction =
        engine.segmentLength > 0 ? Double(segmentElapsed) / Double(engine.segmentLength) : 0
      face = AnalogueFace.render(fraction: fraction, rows: 9) + ["", countdown]
    } else if compact {
      face = [countdown]
    } else {
      face = BigDigits.render(countdown)
    }
    lines += face.map { centred($0, width) }
    lines.append("")

    if rows < 12 || columns < 40 {
      return tiny(lines: Array(lines.prefix(3)), countdown: countdown)
    }
    let barWidth = max(10, width - 34)
    let segmentFraction =
      engine.segmentLength > 0 ? Double(segmentElapsed) / Double(engine.segmentLength) : 1
    lines.append(
      "   " + bar(segmentFraction, barWidth)
        + "  step \(DurationText.clock(segmentElapsed)) of \(DurationText.clock(engine.segmentLength))"
    )
    let elapsed = engine.elapsed(at: now)
    let total = max(1, engine.total)
    lines.append(
      "   " + bar(Double(elapsed) / Double(total), barWidth)
        + "  all  \(DurationText.clock(elapsed)) of \(DurationText.clock(total))  \(Int(Double(elapsed) * 100 / Double(total)))%"
    )
    if !compact {
      lines.append("")
      lines += timeline(elapsed: elapsed, width: width - 6).map { "   " + $0 }
    }
    lines.append("")
    if let next = engine.nextSegment {
      let length = next.kind == .manual ? "waits for you" : DurationText.format(next.duration)
      lines.append("   Next: \(TerminalText.line(next.name)) · \(length)")
    } else {
      lines.append("   Next: the finish")
    }
    // Each notice wrapped, the newest last and whole when it can be.
    let noticeLines = notices.flatMap {
      Self.wrap(TerminalText.line($0), width: width - 3, limit: Self.noticeLines).map { "   " + $0 }
    }.suffix(Self.noticeLines)
    let room = max(0, rows - 1 - lines.count - noticeLines.count)
    for message in messages.suffix(max(1, min(room, compact ? 1 : messages.count))) {
      lines.append("   » " + TerminalText.line(message))
    }
    lines += noticeLines
    return framed(lines)
  }

  /// A window too small for the full view: the title, the step and its countdown on one line,
  /// and the keys.
  private func tiny(lines: [String], countdown: String) -> [String] {
    framed(Array(lines.prefix(max(0, rows - 2))) + (rows >= 2 ? ["   " + countdown] : []))
  }

  /// How many lines the notices may take: enough for a long routine path and what it printed.
  public static let noticeLines = 4

  /// `text` in lines of at most `width` columns, broken at spaces where it can be and
  /// within a word longer than a line; at most `limit` lines, the last ending in "…" when
  /// something is left out.
  public static func wrap(_ text: String, width: Int, limit: Int) -> [String] {
    let width = max(1, width)
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      var word = String(word)
      if !line.isEmpty, TerminalLine.count(line) + 1 + TerminalLine.count(word) <= width {
        line += " " + word
        continue
      }
      if !line.isEmpty { lines.append(line) }
      // A character wider than the whole line still goes on a line of its own.
      while TerminalLine.count(word) > width, word.count > 1 {
        var head = TerminalLine.prefix(word, width)
        if head.isEmpty { head = String(word.prefix(1)) }
        lines.append(head)
        word = String(word.dropFirst(head.count))
      }
      line = word
    }
    lines.append(line)
    guard lines.count > limit else { return lines }
    let last = lines[limit - 1]
    return lines.prefix(limit - 1) + [TerminalLine.prefix(last, width - 1) + "…"]
  }

  /// The lines padded or cut to the window's height with the key line last, and none past its
  /// right edge, however small the window.
  private func framed(_ body: [String]) -> [String] {
    let room = max(0, rows - 1)
    var lines = Array(body.prefix(room))
    while lines.count < room { lines.append("") }
    lines.append(" " + controls(width: max(1, columns) - 1))
    let width = max(1, columns)
    return lines.enumerated().map { row, line in
      Self.clips.value(row: row, line: line, width: width, TerminalLine.clip)
    }
  }

  /// The clips of the last frame's lines.
  private static let clips = RowMemo<String>()

  /// The keys that make sense now: counting hides what cannot apply. `q` comes first in every
  /// state, so that however narrow the window it is never cut off; what does not fit is left
  /// out, last first.
  public func controls(width: Int = .max) -> String {
    let kind: Int
    switch engine.state {
    case .running: kind = 0
    case .paused: kind = 1
    case .waiting: kind = 2
    default: kind = 3
    }
    let key = Self.ControlsKey(kind: kind, detachable: detachable, width: width)
    if let kept = Self.controlsShown.withLock({ $0 }), kept.key == key { return kept.text }
    var keys = ["q stop run"]
    if kind == 2 { keys.append("Enter done") }
    if detachable { keys.append("d detach") }
    switch kind {
    case 0: keys += ["space pause", "n skip", "+ / - one minute", "a clock face"]
    case 1: keys += ["space resume", "n skip", "+ / - one minute"]
    case 2: break
    default: keys = ["q quit"]
    }
    while keys.count > 1, keys.joined(separator: " · ").count > width { keys.removeLast() }
    let text = keys.joined(separator: " · ")
    Self.controlsShown.withLock { $0 = (key, text) }
    return text
  }

  /// What the key line depends on: the engine's kind of state, `d`, the width.
  struct ControlsKey: Equatable {
    var kind: Int
    var detachable: Bool
    var width: Int
  }

  /// The key line drawn last: the same each second while nothing but the time changes.
  private static let controlsShown = Mutex<(key: ControlsKey, text: String)?>(nil)

  /// The cursor's column on a strip `columns` wide: the routine time elapsed as a share of its
  /// length as it stands.
  public static func cursorColumn(elapsed: Int64, total: Int64, columns: Int) -> Int {
    max(0, min(columns - 1, Int(elapsed * Int64(columns) / max(1, total))))
  }

  private func timeline(elapsed: Int64, width: Int) -> [String] {
    guard strip.count >= 3 else { return strip }
    let columns = max(20, width)
    let position = Self.cursorColumn(elapsed: elapsed, total: engine.total, columns: columns)
    let cursor = TerminalLine.repeated(" ", position) + "▼"
    return [cursor] + Array(strip.dropFirst().prefix(4))
  }

  private func bar(_ fraction: Double, _ width: Int) -> String {
    let filled = Int((max(0, min(1, fraction)) * Double(width)).rounded(.down))
    return "[" + TerminalLine.repeated("█", filled)
      + TerminalLine.repeated("░", width - filled) + "]"
  }

  private func fit(_ left: String, _ right: String, _ width: Int) -> String {
    let gap = width - TerminalLine.count(left) - TerminalLine.count(right)
    return gap > 0 ? left + TerminalLine.repeated(" ", gap) + right : left
  }

  private func centred(_ text: String, _ width: Int) -> String {
    let gap = max(0, (width - TerminalLine.count(text)) / 2)
    return TerminalLine.repeated(" ", gap) + text
  }
}
