import CadenceCore
import CadenceTestSupport
import CadenceText
import Testing

@testable import CadenceTerminal

/// Lines read by their scalars (the cheap way a frame is clipped and compared) give what
/// reading them by characters gives, for any text a name or a message can hold; a line is cut
/// by the columns a terminal gives its characters (two for CJK and emoji).
@Suite struct TerminalLineTests {
  static let lines = [
    "", "plain ascii line", String(repeating: "─", count: 120),
    "   [████████░░░░░░░░]  12:34 of 25:00", "\u{1B}[33m __|_____ \u{1B}[0m tail",
    "\u{1B}[1;32mgreen\u{1B}[0m and more text past the edge of the window",
    "e\u{301}tude with a combining accent", "Кири\u{483}ллица", "a\u{20DD} enclosed",
    "📚 Essay", "漢字 wide", "soft\u{AD}hyphen", "bidi \u{202E}reversed", "joiner a\u{200D}b",
    "half escape \u{1B}[", "\u{1B}[2J not a colour", "naïve café · » ↑ ● ◉ ▼",
    "crlf\r\nline", "\u{1B}[38;2;51;170;102m#33aa66\u{1B}[0m",
  ]

  /// `line`'s characters, kept while their columns fit in `width`: what a terminal shows.
  static func byColumns(_ line: String, _ width: Int) -> String {
    var used = 0
    var kept = ""
    for character in line {
      let columns = PlainText.width(character)
      if used >= width || used + columns > width { break }
      used += columns
      kept.append(character)
    }
    return kept
  }

  @Test(arguments: lines)
  func clippingByScalarsIsClippingByColumns(_ line: String) {
    for width in [0, 1, 3, 10, 20, 40, 200] {
      #expect(TerminalLine.clip(line, width) == TerminalLine.clipCharacters(line, width))
      let clipped = CountdownScreen.clip(line, width)
      #expect(
        clipped
          == (PlainText.width(line) <= width || line.contains("\u{1B}")
            ? line : Self.byColumns(line, width)))
      if !line.contains("\u{1B}") { #expect(PlainText.width(clipped) <= width, "\(width)") }
    }
  }

  @Test(arguments: lines)
  func cellsByScalarsAreCellsByCharacters(_ line: String) {
    #expect(ScreenPainter.Cell.parse(line) == ScreenPainter.Cell.parseCharacters(line))
  }

  /// Lines drawn at random (seeded) from pieces of one to four UTF-8 bytes, plain and not,
  /// with colours and escapes that are not: reading by bytes gives what reading by characters
  /// gives.
  @Test func linesReadByTheirBytesAreReadAsByCharacters() {
    let pieces = [
      "a", "Z", " ", "7", "é", "Д", "Ω", "\u{AD}", "█", "░", "─", "·", "»", "漢", "📚", "\u{301}",
      "\u{200D}", "\u{202E}", "\u{1B}[32m", "\u{1B}[0m", "\u{1B}[1;33m", "\u{1B}[2J", "\u{1B}[",
      "\u{10FFFF}", "\u{7F}", "\t",
    ]
    var random = SeededRandom(seed: 2026)
    for _ in 0..<600 {
      let line = (0..<Int.random(in: 0...40, using: &random)).map { _ in
        pieces.randomElement(using: &random)!
      }.joined()
      let plain = line.unicodeScalars.allSatisfy(TerminalLine.isPlain)
      #expect(TerminalLine.isPlain(line) == plain, "\(line.debugDescription)")
      #expect(ScreenPainter.Cell.parse(line) == ScreenPainter.Cell.parseCharacters(line))
      if plain { #expect(TerminalLine.count(line) == line.unicodeScalars.count) }
      for width in [0, 1, 5, 17, 60] {
        #expect(
          TerminalLine.clip(line, width) == TerminalLine.clipCharacters(line, width),
          "\(line.debugDescription) at \(width)")
      }
    }
  }

  @Test func onlyScalarsThatStandAloneArePlain() {
    #expect(TerminalLine.isPlain("[█░─▼●◉·»↑] café ΑΒΓ абв"))
    for joined in ["e\u{301}", "a\u{20DD}", "x\u{483}", "a\u{200D}b", "\u{AD}", "📚", "漢"] {
      #expect(!TerminalLine.isPlain(joined))
    }
  }

  @Test func linesAreTheSameByTheirBytes() {
    #expect(TerminalLine.same("█ 12:34", "█ 12:34"))
    #expect(!TerminalLine.same("█ 12:34", "█ 12:35"))
    let long = String(repeating: "─", count: 40) + " 12:34 of 25:00"
    #expect(TerminalLine.same(long, String(repeating: "─", count: 40) + " 12:34 of 25:00"))
    #expect(!TerminalLine.same(long, String(repeating: "─", count: 40) + " 12:35 of 25:00"))
    #expect(!TerminalLine.same(long, "x" + long.dropFirst()))
    #expect(!TerminalLine.same(long + "a", long + "b"))
    // Canonically equivalent, but not the same bytes: drawn again, never skipped wrongly.
    #expect(!TerminalLine.same("caf\u{E9}", "cafe\u{301}"))
  }

  @Test func bigDigitsAndTheIslandAreDrawnOnceAndKept() {
    #expect(BigDigits.render("12:34") == BigDigits.render("12:34"))
    #expect(BigDigits.render("1\u{301}2") == BigDigits.render("2"))
    #expect(BigDigits.render("1\u{301}2") != BigDigits.render("12"))
    let palm = IslandArt.island("palm")!
    let snowy = IslandArt.island("snowy")!
    let cat = IslandArt.pet("cat")!
    let owl = IslandArt.pet("owl")!
    let catOnPalm = IslandArt.scene(island: palm, pet: cat, width: 80, height: 20, colour: false)
    let owlOnSnowy = IslandArt.scene(
      island: snowy, pet: owl, width: 80, height: 20, colour: true)
    #expect(catOnPalm[1].contains("( o.o )"))
    #expect(owlOnSnowy[1].contains("(O,O)"))
    #expect(owlOnSnowy.last!.hasPrefix("\u{1B}[34m"))
    // Another island and pet in between: each still drawn as itself.
    #expect(
      IslandArt.scene(island: palm, pet: cat, width: 80, height: 20, colour: false) == catOnPalm)
    #expect(
      IslandArt.scene(island: palm, pet: cat, width: 10, height: 20, colour: false)
        == ["cat on palm island"].filter { $0.count <= 10 })
  }

  @Test func runsOfOneCharacterAreKeptAndNeverNegative() {
    for count in [-3, 0, 1, 7, 100] {
      #expect(TerminalLine.repeated("─", count) == String(repeating: "─", count: max(0, count)))
      #expect(TerminalLine.repeated("─", count) == TerminalLine.repeated("─", count))
    }
    // Many widths in turn (a window dragged wider and wider): each still right.
    for count in 0..<600 { #expect(TerminalLine.repeated(" ", count).utf8.count == count) }
  }

  @Test func coloursAreNamedOnceAndWrittenAsTheyCame() {
    let line = "\u{1B}[33mab\u{1B}[0mc\u{1B}[1;34md"
    let cells = ScreenPainter.Cell.parse(line)!
    #expect(cells.count == 4)
    #expect(cells[0].attributes == cells[1].attributes)
    #expect(cells[2].attributes == 0)
    #expect(ScreenPainter.Attributes.text(cells[0].attributes) == "\u{1B}[33m")
    #expect(ScreenPainter.Attributes.text(cells[3].attributes) == "\u{1B}[1;34m")
    var bytes: [UInt8] = []
    ScreenPainter.changes(
      from: ScreenPainter.Cell.parse("    ")!, to: cells, row: 2, into: &bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text == "\u{1B}[2;1H\u{1B}[0m\u{1B}[33mab\u{1B}[0mc\u{1B}[0m\u{1B}[1;34md\u{1B}[0m")
  }

  @Test func theKeyLineFollowsTheStateAndTheWidthFrameAfterFrame() {
    let schedule = Schedule(
      name: "Keys",
      segments: [Segment(index: 1, name: "Go", kind: .work, start: 0, duration: 60_000)],
      events: [], total: 60_000)
    var engine = Engine(schedule: schedule)
    _ = engine.start(at: 0)
    func keys(_ engine: Engine, _ width: Int, detachable: Bool = false) -> String {
      RunScreen(
        engine: engine, now: 0, style: .digital, columns: 100, rows: 30, colour: false,
        messages: [], strip: [], detachable: detachable
      ).controls(width: width)
    }
    let running = keys(engine, 200)
    #expect(running.contains("space pause"))
    #expect(keys(engine, 12) == "q stop run")
    #expect(keys(engine, 200, detachable: true).contains("d detach"))
    #expect(keys(engine, 200) == running)
    _ = engine.apply(.togglePause, at: 1000)
    #expect(keys(engine, 200).contains("space resume"))
    _ = engine.apply(.stop, at: 2000)
    #expect(keys(engine, 200) == "q quit")
  }
}
