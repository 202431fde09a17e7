import Synchronization
import Testing

@testable import CadenceTerminal

/// The painter writes only what changed since the last frame (damage tracking, as curses
/// does): a second's tick of the countdown costs a small part of a whole frame.
@Suite struct ScreenPainterTests {
  /// What the painter wrote, write by write.
  final class Written: Sendable {
    let writes = Mutex<[String]>([])
    var output: TerminalOutput {
      TerminalOutput(write: { text in self.writes.withLock { $0.append(text) } }, colour: true)
    }
    var last: String { writes.withLock { $0.last ?? "" } }
  }

  static func frame(remaining seconds: Int64, message: String? = nil) -> [String] {
    let state = CountdownScreen.State(
      title: "Focus: Essay", phase: "FOCUS", remaining: seconds * 1000, total: 1_500_000,
      stage: .counting(paused: false), coins: 42,
      scene: (IslandArt.island("palm")!, IslandArt.pet("cat")!), message: message)
    return CountdownScreen.render(state, columns: 100, rows: 40, colour: true)
  }

  @Test func aTickOfOneDigitWritesASmallPartOfAWholeFrame() {
    let written = Written()
    let painter = ScreenPainter(console: written.output)
    painter.paint(Self.frame(remaining: 24 * 60 + 59))
    let whole = written.last.utf8.count
    // 24:59 to 24:58: one big digit, the bar's clock and perhaps a cell of the bar.
    painter.paint(Self.frame(remaining: 24 * 60 + 58))
    let tick = written.last.utf8.count
    #expect(whole > 1_000)
    #expect(tick * 10 < whole, "\(tick) bytes of \(whole)")
    // Nothing changed: nothing is written.
    let count = written.writes.withLock { $0.count }
    painter.paint(Self.frame(remaining: 24 * 60 + 58))
    #expect(written.writes.withLock { $0.count } == count)
  }

  @Test func cursorMovesNameRowsAndColumnsOfEveryLength() {
    let written = Written()
    let painter = ScreenPainter(console: written.output)
    let wide = String(repeating: "-", count: 120)
    var frame = Array(repeating: wide, count: 12)
    painter.paint(frame)
    frame[11] = String(repeating: "-", count: 106) + "+" + String(repeating: "-", count: 13)
    frame[9] = "+" + String(repeating: "-", count: 119)
    painter.paint(frame)
    #expect(written.last == "\u{1B}[10;1H+\u{1B}[12;107H+")
  }

  @Test func aForcedOrResizedFrameIsDrawnWhole() {
    let written = Written()
    let painter = ScreenPainter(console: written.output)
    painter.paint(Self.frame(remaining: 100))
    painter.paint(Self.frame(remaining: 99), force: true)
    #expect(written.last.hasPrefix("\u{1B}[H\u{1B}[J"))
    painter.paint(Array(Self.frame(remaining: 98).prefix(30)))
    #expect(written.last.hasPrefix("\u{1B}[H\u{1B}[J"))
  }

  @Test func onlyTheCellsThatDifferAreWritten() {
    let written = Written()
    let painter = ScreenPainter(console: written.output)
    painter.paint(["abcdefghijklmnopqrstuvwxyz", "second line", "third"])
    painter.paint(["abcdefghijklmnopqrstuvwxyZ", "second", "third"])
    // The last letter, then what is left of the second line (past its space) cleared.
    #expect(written.last == "\u{1B}[1;26HZ\u{1B}[2;8H\u{1B}[K")
    // A coloured cell is written in its colour, and the colour ended.
    painter.paint(["abcdefghijklmnopqrstuvwxyZ", "second", "thi\u{1B}[31mR\u{1B}[0md"])
    #expect(written.last == "\u{1B}[3;4H\u{1B}[0m\u{1B}[31mR\u{1B}[0m")
    // A line with a wide character is written whole.
    painter.paint(["abcdefghijklmnopqrstuvwxyZ", "📚 second", "thi\u{1B}[31mR\u{1B}[0md"])
    #expect(written.last == "\u{1B}[2;1H📚 second\u{1B}[K")
  }

  @Test func cellsAreOneColumnOrTheLineIsWrittenWhole() {
    #expect(ScreenPainter.Cell.parse("█ ░ ─ ▼ ● ◉ · » ↑")?.count == 17)
    #expect(ScreenPainter.Cell.parse("📚 Essay") == nil)
    #expect(ScreenPainter.Cell.parse("e\u{301}") == nil)
    #expect(ScreenPainter.Cell.parse("漢字") == nil)
    // An escape that is not a colour (a cursor move) cannot be placed by cell.
    #expect(ScreenPainter.Cell.parse("a\u{1B}[2Jb") == nil)
  }
}
