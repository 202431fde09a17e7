import CadenceTerminal
import CadenceTestSupport
import Foundation
import Synchronization
import Testing

/// What the painter writes, frame after frame, leaves a real terminal emulator (tmux) showing
/// exactly the last frame, as if it had been drawn whole.
@Suite(.timeLimit(.minutes(10))) struct ScreenPainterTerminalTests {
  /// A frame of the countdown's view, changed here and there (messages of other lengths, a
  /// coloured cell, a pause) as the ticks go by.
  static func frame(_ step: Int, random: inout UInt64) -> [String] {
    func next() -> Int {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(random >> 33)
    }
    let words = ["Stretch.", "Keep going, you are doing well.", "Water?", "", "Half way there."]
    var state = CountdownScreen.State(
      title: "Focus", phase: "FOCUS", remaining: Int64(1_500 - step) * 1000, total: 1_500_000,
      stage: .counting(paused: next() % 7 == 0), coins: Int64(step / 10),
      scene: (IslandArt.island("palm")!, IslandArt.pet("cat")!),
      message: words[next() % words.count], analogue: (step / 40) % 2 == 1)
    state.canStop = next() % 5 != 0
    var lines = CountdownScreen.render(state, columns: 100, rows: 40, colour: true)
    // A few lines of text of random lengths, with a colour now and then.
    for _ in 0..<3 {
      let row = 30 + next() % 6
      let length = next() % 90
      let text = String(repeating: "x", count: length)
      lines[row] =
        next() % 2 == 0
        ? text : "\u{1B}[3\(next() % 8)m" + text + "\u{1B}[0m" + String(repeating: "y", count: 5)
    }
    return lines
  }

  /// The text a frame shows, without its colours, each line without trailing spaces.
  static func shown(_ lines: [String]) -> String {
    lines.map { line -> String in
      var text = ""
      var escape = false
      for character in line {
        if character == "\u{1B}" { escape = true }
        if !escape { text.append(character) }
        if escape, character.isLetter { escape = false }
      }
      while text.last == " " { text.removeLast() }
      return text
    }.joined(separator: "\n")
  }

  @Test func manyFramesLeaveTheTerminalShowingTheLast() throws {
    let writes = Mutex<[UInt8]>([])
    let painter = ScreenPainter(
      console: TerminalOutput(
        write: { text in writes.withLock { $0 += Array(text.utf8) } }, colour: true))
    var random: UInt64 = 19
    var last: [String] = []
    var whole = 0
    for step in 0..<300 {
      last = Self.frame(step, random: &random)
      let before = writes.withLock { $0.count }
      painter.paint(last)
      if step == 0 { whole = writes.withLock { $0.count } - before }
    }
    let total = writes.withLock { $0.count }
    // Three hundred frames cost far less than three hundred whole ones.
    #expect(total < whole * 300 / 4, "\(total) bytes for 300 frames of \(whole)")
    let file = URL(fileURLWithPath: TemporaryFolder.newPath("frames"))
    try Data(writes.withLock { $0 }).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let tmux = Tmux()
    defer { tmux.stop() }
    try tmux.start(
      "frames", "stty -opost; cat \(file.path); touch \(file.path).done; sleep 60", columns: 100,
      rows: 40)
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline, !FileManager.default.fileExists(atPath: file.path + ".done") {
      usleep(20_000)
    }
    defer { try? FileManager.default.removeItem(atPath: file.path + ".done") }
    // tmux draws what cat wrote a moment later: the screen is read until it settles on the
    // last frame, or for 10 s.
    var screen: [String] = []
    let drawn = Date().addingTimeInterval(10)
    repeat {
      usleep(100_000)
      screen = try tmux.screen("frames").split(separator: "\n", omittingEmptySubsequences: false)
        .prefix(40).map { String($0) }
    } while Self.shown(screen) != Self.shown(last) && Date() < drawn
    #expect(Self.shown(screen) == Self.shown(last))
  }
}
