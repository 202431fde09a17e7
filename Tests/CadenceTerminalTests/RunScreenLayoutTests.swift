import CadenceCore
import CadenceText
import Testing

@testable import CadenceTerminal

/// The full-screen view's layout at every window size: the key line keeps `q`, nothing runs
/// past the window's edge, and below the compact size the big digits give way to one line.
@Suite struct RunScreenLayoutTests {
  static let schedule = Schedule(
    name: "Layout",
    segments: [
      Segment(index: 1, name: "Warm up", kind: .work, start: 0, duration: 25 * 60_000),
      Segment(index: 2, name: "Rest", kind: .pause, start: 25 * 60_000, duration: 5 * 60_000),
      Segment(index: 3, name: "Check in", kind: .manual, start: 30 * 60_000, duration: 0),
      Segment(index: 4, name: "Cool down", kind: .work, start: 30 * 60_000, duration: 10 * 60_000),
    ],
    events: [ScheduleEvent(kind: .milestone, at: 20 * 60_000, label: "50%", fraction: 0.5)],
    total: 40 * 60_000)

  /// The engine in each state the view draws, with the moment it is drawn at.
  static func engines() -> [(name: String, engine: Engine, now: Int64)] {
    var running = Engine(schedule: schedule)
    _ = running.start(at: 0)
    var paused = running
    _ = paused.apply(.pause, at: 60_000)
    var waiting = running
    _ = waiting.advance(to: 30 * 60_000 + 10)
    var finished = running
    _ = finished.apply(.stop, at: 1_000)
    return [
      ("running", running, 0), ("paused", paused, 61_000), ("waiting", waiting, 30 * 60_000 + 500),
      ("stopped", finished, 1_000),
    ]
  }

  func screen(
    _ engine: Engine, now: Int64, columns: Int, rows: Int, style: RunScreen.Style = .digital,
    notices: [String] = []
  ) -> [String] {
    RunScreen(
      engine: engine, now: now, style: style, columns: columns, rows: rows, colour: false,
      messages: ["10:00  Warm up: go!", "10:05  A quarter done."], notices: notices,
      finish: "10:40", strip: RunScreen.strip(for: engine, columns: columns, colour: false),
      detachable: true
    ).render()
  }

  /// Each of a few hundred sizes, small ones densely, in every state and both clock faces.
  static let sizes: [(columns: Int, rows: Int)] =
    (1...30).flatMap { rows in [1, 5, 9, 12, 19, 20, 21, 39, 40, 59, 60, 80].map { ($0, rows) } }
    + [(100, 40), (200, 60)]

  @Test func theKeyLineAlwaysShowsQAndNoLineRunsPastTheEdge() {
    for (name, engine, now) in Self.engines() {
      for (columns, rows) in Self.sizes {
        for style in [RunScreen.Style.digital, .analogue] {
          let lines = screen(
            engine, now: now, columns: columns, rows: rows, style: style,
            notices: ["gym.lua: print: hello"])
          let size = "\(name), \(style), \(columns)x\(rows)"
          #expect(lines.count == rows, "\(size): \(lines.count) lines")
          #expect(lines.allSatisfy { $0.count <= columns }, "\(size): \(lines)")
          let keys = lines.last ?? ""
          #expect(keys.hasPrefix(" q") || (columns == 1 && keys == " "), "\(size): \(keys)")
          if columns >= 11 {
            #expect(keys.contains("q stop run") || keys.contains("q quit"), "\(size): \(keys)")
          }
        }
      }
    }
  }

  /// Wide names and messages (CJK, emoji) take two columns a character, as a terminal draws
  /// them: no line runs past the window's edge, and the big digits stay centred. Before, each
  /// counted one column, and the heading ran past the edge and wrapped on the terminal.
  @Test func wideNamesTakeTheirColumnsAndNoLineRunsPastTheEdge() {
    let wide = Schedule(
      name: "朝の体操 🏋️ 日本語のルーチン",
      segments: [
        Segment(index: 1, name: "腕立て伏せ 💪 スクワット", kind: .work, start: 0, duration: 60_000),
        Segment(index: 2, name: "休憩 ☕", kind: .pause, start: 60_000, duration: 30_000),
      ],
      events: [], total: 90_000)
    var engine = Engine(schedule: wide)
    _ = engine.start(at: 0)
    for columns in [12, 20, 30, 39, 40, 41, 59, 60, 61, 80, 100] {
      for rows in [5, 8, 12, 19, 20, 24, 40] {
        let lines = RunScreen(
          engine: engine, now: 0, style: .digital, columns: columns, rows: rows, colour: false,
          messages: ["10:00  腕立て伏せ: 頑張って！💪"],
          notices: ["体操.lua: print: " + String(repeating: "漢字", count: 40)], finish: "10:01",
          strip: RunScreen.strip(for: engine, columns: columns, colour: false), detachable: true
        ).render()
        let size = "\(columns)x\(rows)"
        #expect(lines.count == rows, "\(size)")
        for line in lines {
          #expect(PlainText.width(line) <= columns, "\(size): \(line)")
        }
        if columns >= 40, rows >= 12 {
          #expect(lines[0].contains("朝の体操"), "\(size): \(lines[0])")
        }
      }
    }
    // A word wider than the whole line is cut by columns, a wide character never halved.
    let cut = RunScreen.wrap(String(repeating: "漢", count: 30), width: 9, limit: 10)
    #expect(cut.allSatisfy { PlainText.width($0) <= 9 } && cut.first == "漢漢漢漢", "\(cut)")
    #expect(cut.joined() == String(repeating: "漢", count: 30))
    #expect(RunScreen.wrap("漢字", width: 1, limit: 4) == ["漢", "字"])
  }

  @Test func belowTheCompactSizeTheBigDigitsGiveWayToOneLine() {
    let (_, engine, now) = Self.engines()[0]
    let digits = BigDigits.render("25:00")
    let big = screen(engine, now: now, columns: 80, rows: 24)
    #expect(digits.allSatisfy { row in big.contains { $0.contains(row) } })
    for (columns, rows) in [
      (RunScreen.compactColumns - 1, 40), (100, RunScreen.compactRows - 1), (40, 12), (30, 8),
    ] {
      let lines = screen(engine, now: now, columns: columns, rows: rows)
      #expect(!lines.contains { $0.contains("█████") }, "\(columns)x\(rows): \(lines)")
      #expect(lines.contains { $0.trimmingCharacters(in: .whitespaces) == "25:00" })
    }
    // The analogue face gives way in the same way.
    let analogue = screen(
      engine, now: now, columns: RunScreen.compactColumns - 1, rows: 40, style: .analogue)
    #expect(analogue.contains { $0.trimmingCharacters(in: .whitespaces) == "25:00" })
    #expect(analogue.count == 40)
  }

  @Test func aHooksPrintIsShownEscapedInTheNoticeLine() {
    let (_, engine, now) = Self.engines()[0]
    let lines = screen(
      engine, now: now, columns: 100, rows: 40, notices: ["gym.lua: print: \u{1B}[2Jred\u{7}"])
    let notice = lines.first { $0.contains("print:") } ?? ""
    #expect(!notice.contains("\u{1B}") && !notice.contains("\u{7}"), "\(notice)")
    #expect(notice.contains("red"))
  }

  @Test func aLongNoticeIsWrappedAtSpacesAndCutAfterFourLines() {
    let path = "/tmp/" + String(repeating: "long-folder/", count: 6) + "gym.lua:"
    let text = path + " print: hello there"
    let lines = RunScreen.wrap(text, width: 47, limit: 4)
    let visible = { (text: String) in text.filter { !$0.isWhitespace } }
    #expect(lines.count == 3 && lines.allSatisfy { $0.count <= 47 }, "\(lines)")
    #expect(visible(lines.joined()) == visible(text), "\(lines)")
    #expect(lines.last == "hello there", "\(lines)")
    let cut = RunScreen.wrap(String(repeating: "word ", count: 100), width: 20, limit: 4)
    #expect(cut.count == 4)
    #expect(cut.last?.hasSuffix("…") == true && cut.allSatisfy { $0.count <= 20 }, "\(cut)")
    // In the view, the notice takes the lines it needs below the messages.
    let (_, engine, now) = Self.engines()[0]
    let shown = screen(engine, now: now, columns: 50, rows: 16, notices: [text])
    #expect(visible(shown.joined()).contains(visible(text)), "\(shown)")
    // Several short ones are shown together, the newest last; past four lines the oldest go.
    let three = screen(
      engine, now: now, columns: 100, rows: 40,
      notices: ["a.lua: print: one", "a.lua: print: two", "a.lua: print: three"])
    #expect(
      three.filter { $0.hasPrefix("   a.lua: print: ") }
        == ["   a.lua: print: one", "   a.lua: print: two", "   a.lua: print: three"])
    let many = screen(
      engine, now: now, columns: 100, rows: 40, notices: (1...6).map { "a.lua: print: \($0)" })
    #expect(
      many.filter { $0.hasPrefix("   a.lua: print: ") }.map { $0.suffix(1) } == [
        "3", "4", "5", "6",
      ])
  }

  @Test func theTimelineFollowsTheRoutineAsItStandsAfterAdjustingAndSkipping() {
    var engine = Engine(schedule: Self.schedule)
    _ = engine.start(at: 0)
    // A 106-column window draws a strip of 100 columns; the manual step is marked where it
    // starts, as a share of the routine as it now stands.
    let manual = { (engine: Engine) -> Int in
      let strip = RunScreen.strip(for: engine, columns: 106, colour: false)
      let line = strip.dropFirst().first { $0.contains("◆") } ?? ""
      return line.firstIndex(of: "◆").map { line.distance(from: line.startIndex, to: $0) } ?? -1
    }
    let scale = { (engine: Engine) -> String in
      RunScreen.strip(for: engine, columns: 106, colour: false).last ?? ""
    }
    #expect(manual(engine) == 75)
    #expect(scale(engine).hasSuffix(" " + DurationText.clock(40 * 60_000)))
    // Ten minutes more in the first step: the manual step starts at 40 of 50 minutes.
    _ = engine.apply(.adjust(10 * 60_000), at: 1_000)
    #expect(manual(engine) == 80)
    #expect(scale(engine).hasSuffix(" " + DurationText.clock(50 * 60_000)))
    // Skipped at five minutes: it starts at 10 of 20.
    _ = engine.apply(.skip, at: 5 * 60_000)
    #expect(manual(engine) == 50)
    #expect(scale(engine).hasSuffix(" " + DurationText.clock(20 * 60_000)))
    // The cursor stands at the routine time elapsed, as a share of the routine as it stands.
    #expect(RunScreen.cursorColumn(elapsed: 5 * 60_000, total: engine.total, columns: 100) == 25)
  }
}
