import CadenceRunning
import CadenceRuntime
import CadenceStore
import CadenceTerminal
import CadenceText

/// The study timer's settings page (seed 001): volume, sound and clock style, reached with `s`
/// from the chooser. Each change is saved as it is made and used by the next countdown.
struct TimerSettings {
  enum Row: Int, CaseIterable {
    case volume
    case sound
    case style
  }

  var volume: Int
  /// The WAV file played instead of the bing; nil for the bing.
  var sound: String?
  var style: RunScreen.Style

  init(_ options: RunOptions) {
    volume = options.volume
    sound = options.sound
    style = options.style
  }

  /// The options with these settings in them.
  func applied(to options: RunOptions) -> RunOptions {
    var options = options
    options.volume = volume
    options.sound = sound
    options.style = style
    return options
  }

  /// Shows the page until Esc, `q` or `s`; each change is stored in `store` at once.
  mutating func edit(
    title: String, store: Store, queue: KeyQueue, painter: ScreenPainter, columns: () -> Int
  ) {
    var row = Row.volume
    var typing: String?
    var problem: String?
    while true {
      painter.paint(
        lines(title: title, row: row, typing: typing, problem: problem, columns: columns()),
        force: true)
      let key = queue.next()
      if var text = typing {
        switch key {
        case .enter:
          problem = save(.sound, text, in: store)
          if problem == nil { typing = nil }
        case .backspace: text = String(text.dropLast())
        case .escape: typing = nil
        case .endOfInput: return
        case .character(let character): text.append(character)
        default: break
        }
        if typing != nil { typing = text }
        continue
      }
      problem = nil
      switch key {
      case .up: row = Row(rawValue: max(0, row.rawValue - 1))!
      case .down: row = Row(rawValue: min(Row.allCases.count - 1, row.rawValue + 1))!
      case .left, .character("-"), .right, .character("+"), .enter, .character(" "):
        let up = key == .right || key == .character("+") || key == .enter || key == .character(" ")
        switch row {
        case .volume:
          problem = save(.volume, String(min(100, max(0, volume + (up ? 10 : -10)))), in: store)
        case .style:
          problem = save(.style, style == .digital ? "analogue" : "digital", in: store)
        case .sound:
          if key == .enter || key == .character(" ") {
            typing = sound ?? ""
          } else {
            problem = save(.sound, "bing", in: store)
          }
        }
      case .character("b") where row == .sound: problem = save(.sound, "bing", in: store)
      case .character("q"), .character("Q"), .character("s"), .escape, .endOfInput: return
      default: break
      }
    }
  }

  /// Stores `value` for `key` and takes it in; the sentence saying why not otherwise.
  private mutating func save(_ key: SettingKey, _ value: String, in store: Store) -> String? {
    switch key.normalised(value) {
    case .failure(let refusal): return refusal.sentence
    case .success(let stored):
      do {
        try store.writable().setSetting(key.rawValue, stored)
      } catch {
        return "\(error.description)"
      }
      switch key {
      case .volume: volume = Int(stored) ?? volume
      case .sound: sound = stored == "bing" ? nil : stored
      case .style: style = RunScreen.Style(rawValue: stored) ?? style
      default: break
      }
      return nil
    }
  }

  private func lines(title: String, row: Row, typing: String?, problem: String?, columns: Int)
    -> [String]
  {
    func mark(_ this: Row) -> String { this == row ? "›" : " " }
    let filled = volume / 10
    let soundText =
      typing.map { "\($0)▏" } ?? (sound.map { TerminalText.line($0) } ?? "bing")
    var lines = [
      " Cadence · \(TerminalText.line(title)) · settings",
      String(repeating: "─", count: columns), "",
      "   \(mark(.volume)) Volume  \(String(repeating: "▰", count: filled))"
        + "\(String(repeating: "▱", count: 10 - filled)) \(volume)",
      "   \(mark(.sound)) Sound   \(soundText)",
      "   \(mark(.style)) Style   \(style.rawValue)", "",
    ]
    if let problem { lines.append("   » \(TerminalText.line(problem))") }
    lines.append("")
    lines.append(
      typing != nil
        ? "   type the path of a WAV file · Enter keep · Esc back"
        : "   ↑/↓ choose · ←/→ change · Enter a sound file · b bing · Esc back (saved as you go)")
    return lines
  }
}
