import CadenceText

/// The study timer's settings page (seed 001): volume, sound and clock style, reached with `s`
/// from the chooser. Each change is saved as it is made (by the `store` it is given) and used
/// by the next countdown.
public struct TimerSettings {
  /// Why a setting was not stored: one sentence.
  public struct Refusal: Error {
    public var sentence: String
    public init(sentence: String) { self.sentence = sentence }
  }

  enum Row: Int, CaseIterable {
    case volume
    case sound
    case style

    /// The setting the row changes.
    var key: String {
      switch self {
      case .volume: "volume"
      case .sound: "sound"
      case .style: "style"
      }
    }
  }

  public var volume: Int
  /// The WAV file played instead of the bing; nil for the bing.
  public var sound: String?
  public var style: RunScreen.Style

  public init(volume: Int, sound: String?, style: RunScreen.Style) {
    self.volume = volume
    self.sound = sound
    self.style = style
  }

  /// Shows the page until Esc, `q` or `s`; each change is stored at once with `store`, which
  /// takes a setting's name (`volume`, `sound`, `style`) and its value, and returns the value
  /// as stored or why it was not.
  public mutating func edit(
    title: String, queue: KeyQueue, painter: ScreenPainter, columns: () -> Int,
    store: (String, String) -> Result<String, Refusal>
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
          problem = save(.sound, text, with: store)
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
          problem = save(.volume, String(min(100, max(0, volume + (up ? 10 : -10)))), with: store)
        case .style:
          problem = save(.style, style == .digital ? "analogue" : "digital", with: store)
        case .sound:
          if key == .enter || key == .character(" ") {
            typing = sound ?? ""
          } else {
            problem = save(.sound, "bing", with: store)
          }
        }
      case .character("b") where row == .sound: problem = save(.sound, "bing", with: store)
      case .character("q"), .character("Q"), .character("s"), .escape, .endOfInput: return
      default: break
      }
    }
  }

  /// Stores `value` for `row` and takes it in; the sentence saying why not otherwise.
  private mutating func save(
    _ row: Row, _ value: String, with store: (String, String) -> Result<String, Refusal>
  ) -> String? {
    switch store(row.key, value) {
    case .failure(let refusal): return refusal.sentence
    case .success(let stored):
      switch row {
      case .volume: volume = Int(stored) ?? volume
      case .sound: sound = stored == "bing" ? nil : stored
      case .style: style = RunScreen.Style(rawValue: stored) ?? style
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
