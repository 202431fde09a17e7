import CadenceText
import Testing

@testable import CadenceTerminal

/// The countdown's keys and screen, and the key decoder that feeds them.
@Suite struct CountdownScreenTests {
  func state(_ stage: CountdownScreen.Stage, canSkip: Bool = false) -> CountdownScreen.State {
    CountdownScreen.State(
      title: "Focus", phase: "FOCUS", remaining: 25 * 60_000, total: 25 * 60_000, stage: stage,
      coins: 12,
      scene: (IslandArt.island(IslandArt.defaultIsland)!, IslandArt.pet(IslandArt.defaultPet)!),
      message: nil, canSkip: canSkip)
  }

  @Test func whileCountingOnlyPauseAndStopAreShown() {
    #expect(CountdownScreen.keys(state(.counting(paused: false))) == "space pause · q stop")
    #expect(CountdownScreen.keys(state(.counting(paused: true))) == "space resume · q stop")
    var mandatory = state(.counting(paused: false))
    mandatory.canStop = false
    #expect(CountdownScreen.keys(mandatory) == "space pause")
    let choosing = CountdownScreen.keys(state(.choosing, canSkip: true))
    #expect(choosing.contains("one minute"))
    #expect(choosing.contains("s skip the break"))
  }

  @Test func theDefaultIslandAndPetFitIn80By24() {
    let lines = CountdownScreen.render(state(.choosing), columns: 80, rows: 24, colour: false)
    #expect(lines.count == 24)
    #expect(lines.allSatisfy { $0.count <= 80 })
    let text = lines.joined(separator: "\n")
    #expect(text.contains("( o.o )"))
    #expect(text.contains("--+--"))
    #expect(text.contains("coins 12"))
  }

  /// A task named in a wide script takes two columns a character: the title line stays inside
  /// the window, its coins still at the right edge.
  @Test func aWideTitleTakesItsColumns() {
    var wide = state(.counting(paused: false))
    wide.title = "論文の第三章を書く 📝 " + String(repeating: "漢", count: 30)
    wide.message = "頑張って！" + String(repeating: "字", count: 50)
    for columns in [20, 40, 41, 60, 80, 120] {
      let lines = CountdownScreen.render(wide, columns: columns, rows: 24, colour: false)
      for line in lines {
        #expect(PlainText.width(line) <= columns, "\(columns): \(line)")
      }
    }
  }

  @Test func smallTerminalsGetLessButStillTheTime() {
    let small = CountdownScreen.render(state(.choosing), columns: 40, rows: 12, colour: false)
    #expect(small.count == 12)
    #expect(small.allSatisfy { $0.count <= 40 })
    #expect(small.joined().contains("25:00"))
    #expect(!small.joined().contains("( o.o )"))
  }

  @Test func arrowsAreDecodedWhenSplitAcrossReads() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.feed(Array("[".utf8)).isEmpty)
    #expect(decoder.feed(Array("A+".utf8)) == [.up, .character("+")])
    #expect(decoder.feed([0x1B, 0x4F, 0x42]) == [.down])
  }

  @Test func aHeldKeysRepeatsAreEachOnePress() {
    var decoder = KeyDecoder()
    let burst = Array(repeating: [UInt8]([0x1B, 0x5B, 0x41]), count: 37).flatMap { $0 }
    // However the burst is cut into reads, 37 presses come out: none dropped, none doubled.
    for size in [1, 2, 5, 7, 64] {
      var keys: [KeyDecoder.Key] = []
      for start in stride(from: 0, to: burst.count, by: size) {
        keys += decoder.feed(burst[start..<min(start + size, burst.count)])
      }
      #expect(keys == Array(repeating: .up, count: 37), "reads of \(size)")
    }
    #expect(decoder.feed(Array("+++".utf8)).count == 3)
  }

  @Test func aLoneEscapeIsReleasedByFlushAndTextComesThroughWhole() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.isWaiting)
    #expect(decoder.flush() == [.escape])
    #expect(decoder.feed(Array("é\r\u{7F}".utf8)) == [.character("é"), .enter, .backspace])
  }
}
