import CadenceCore
import CadenceText

/// The full-screen view of a study timer or a focus session: the phase, the time in big
/// digits or on an analogue face, a progress bar, the island with its pet, the coin balance
/// and the keys that make sense now. Before starting, the length can be changed; while
/// counting, only pause and stop are offered (seed 002).
public struct CountdownScreen {
  /// What the screen shows.
  public struct State {
    /// `Focus`, `Focus: Essay`, `Timer`.
    public var title: String
    /// `FOCUS`, `BREAK`, `BREAK · mandatory`, `TIMER`, with `PAUSED` added when paused.
    public var phase: String
    public var remaining: Int64
    public var total: Int64
    public var stage: Stage
    public var coins: Int64?
    public var scene: (island: IslandArt.Island, pet: IslandArt.Pet)?
    public var message: String?
    public var analogue = false
    /// Whether the break on offer can be skipped, and whether there is one on offer.
    public var canSkip = false
    /// Whether the countdown can be stopped (a task's mandatory break cannot).
    public var canStop = true
    /// Whether the question about idle time on return is open (k keeps it, d discards it).
    public var asking = false
    /// Whether the view follows a run in another process, which `d` leaves going.
    public var detachable = false

    public init(
      title: String, phase: String, remaining: Int64, total: Int64, stage: Stage,
      coins: Int64? = nil, scene: (island: IslandArt.Island, pet: IslandArt.Pet)? = nil,
      message: String? = nil, analogue: Bool = false, canSkip: Bool = false,
      canStop: Bool = true, asking: Bool = false
    ) {
      self.title = title
      self.phase = phase
      self.remaining = remaining
      self.total = total
      self.stage = stage
      self.coins = coins
      self.scene = scene
      self.message = message
      self.analogue = analogue
      self.canSkip = canSkip
      self.canStop = canStop
      self.asking = asking
    }
  }

  public enum Stage: Equatable {
    /// Choosing the length before starting.
    case choosing
    case counting(paused: Bool)
    /// A task's mandatory break is over: finish, with a note.
    case finishing(note: String)
  }

  /// The key line for `state`: only what can be done now.
  public static func keys(_ state: State) -> String {
    switch state.stage {
    case .choosing:
      var keys = ["↑/↓ or +/- one minute", "Enter start"]
      if state.canSkip { keys.append("s skip the break") }
      keys.append("q quit")
      return keys.joined(separator: " · ")
    case .counting(let paused):
      return (state.asking ? "k keep idle time · d discard it · " : "")
        + (paused ? "space resume" : "space pause") + (state.canStop ? " · q stop" : "")
        + (state.detachable ? (state.asking ? " · D detach" : " · d detach") : "")
    case .finishing:
      return "type a note · Enter finish and save"
    }
  }

  /// The lines of the screen, at most `rows` of at most `columns` characters; less is drawn
  /// as the terminal gets smaller (the island first, then the big digits).
  public static func render(_ state: State, columns: Int, rows: Int, colour: Bool) -> [String] {
    var lines: [String] = []
    let coins = state.coins.map { "coins \($0)" } ?? ""
    let title = " Cadence · \(TerminalText.line(state.title))"
    lines.append(fit(title, right: coins + " ", columns: columns))
    lines.append(TerminalLine.repeated("─", columns))
    var phase = state.phase
    if state.stage == .counting(paused: true) { phase += " · PAUSED" }
    lines.append("   " + TerminalText.line(phase))
    let seconds = FocusCycle.displaySeconds(state.remaining)
    let clock = DurationText.clock(seconds * 1000)
    let fraction = state.total > 0 ? 1 - Double(state.remaining) / Double(state.total) : 0
    let face: [String]
    if state.analogue && rows >= 20 {
      face = AnalogueFace.render(fraction: fraction, rows: 7)
    } else if columns >= 40 && rows >= 14 {
      face = BigDigits.render(clock)
    } else {
      face = [clock]
    }
    lines.append("")
    let faceWidth = face.map(TerminalLine.count).max() ?? 0
    let indent = TerminalLine.repeated(" ", max(3, (columns - faceWidth) / 2))
    lines += face.map { indent + $0 }
    lines.append("")
    let barWidth = max(10, min(60, columns - 24))
    let filled = Int((fraction * Double(barWidth)).rounded())
    lines.append(
      "   [" + TerminalLine.repeated("█", filled)
        + TerminalLine.repeated("░", barWidth - filled) + "]  \(clock) of "
        + DurationText.clock(state.total))
    if case .finishing(let note) = state.stage {
      lines += ["", "   Break over. Note: \(TerminalText.line(note))▏"]
    }
    let footer = 3
    if let scene = state.scene {
      let room = rows - lines.count - footer - 1
      let art = IslandArt.scene(
        island: scene.island, pet: scene.pet, width: columns - 3, height: room, colour: colour)
      if !art.isEmpty { lines.append("") }
      lines += art.map { "   " + $0 }
    }
    while lines.count < rows - footer { lines.append("") }
    lines.append(state.message.map { "   » " + TerminalText.line($0) } ?? "")
    lines.append("")
    lines.append("   " + keys(state))
    return lines.prefix(rows).enumerated().map { row, line in
      clips.value(row: row, line: line, width: columns, clip)
    }
  }

  /// The clips of the last frame's lines.
  private static let clips = RowMemo<String>()

  public static func fit(_ left: String, right: String, columns: Int) -> String {
    let gap = columns - TerminalLine.count(left) - TerminalLine.count(right)
    return gap > 0 ? left + TerminalLine.repeated(" ", gap) + right : left
  }

  public static func clip(_ line: String, _ columns: Int) -> String {
    line.utf8.count <= columns || TerminalLine.hasEscape(line)
      || TerminalLine.count(line) <= columns ? line : TerminalLine.prefix(line, columns)
  }
}
