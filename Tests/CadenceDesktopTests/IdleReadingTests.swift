import Testing

@testable import CadenceDesktop

/// What an idle source prints, read strictly: one whole number of milliseconds, or a sentence.
@Suite struct IdleReadingTests {
  func read(_ text: String) -> IdleReading {
    IdleReading.milliseconds(Array(text.utf8), source: "idle.command (probe)")
  }

  @Test func aNumberOnALineIsMilliseconds() {
    #expect(read("12345\n") == .idle(.milliseconds(12345)))
    #expect(read("  0  \r\n") == .idle(.zero))
    #expect(read("7") == .idle(.milliseconds(7)))
  }

  @Test(arguments: [
    "", "\n", "abc\n", "-5\n", "12.5\n", "1e3\n", "12 34\n", "12\n34\n", "+12\n",
    "99999999999999999999\n", "١٢\n", "12ms\n",
  ])
  func anythingElseIsASentenceNamingTheSourceAndWhatItPrinted(text: String) {
    guard case .failed(let sentence) = read(text) else {
      Issue.record("\(text.debugDescription) was taken as a reading")
      return
    }
    #expect(sentence.hasPrefix("idle.command (probe) printed "))
    #expect(sentence.contains("not a whole number of milliseconds idle"))
    #expect(!sentence.contains("\n"))
  }

  @Test func garbageIsQuotedSafelyAndEmptyOutputIsNothing() {
    guard case .failed(let sentence) = read("\u{1B}]0;owned\u{07}\n") else {
      Issue.record("escape sequence taken as a reading")
      return
    }
    #expect(!sentence.contains("\u{1B}"))
    guard case .failed(let empty) = read("") else { return }
    #expect(empty.contains("printed nothing"))
  }

  @Test func logindIsIdleSinceItsHintOnTheMonotonicClock() {
    let yes = Array("IdleHint=yes\nIdleSinceHintMonotonic=1000000000\n".utf8)
    #expect(IdleReading.logind(yes, now: 1_300_000_000) == .idle(.seconds(300)))
    let no = Array("IdleHint=no\nIdleSinceHintMonotonic=0\n".utf8)
    #expect(IdleReading.logind(no, now: 1_300_000_000) == .idle(.zero))
    // The order of the properties does not matter.
    let swapped = Array("IdleSinceHintMonotonic=1000000000\nIdleHint=yes\n".utf8)
    #expect(IdleReading.logind(swapped, now: 1_000_500_000) == .idle(.milliseconds(500)))
  }

  @Test(arguments: [
    "IdleHint=maybe\nIdleSinceHintMonotonic=5\n", "IdleHint=yes\n",
    "IdleSinceHintMonotonic=5\n", "IdleHint=yes\nIdleSinceHintMonotonic=soon\n",
    "Failed to get session: No session\n", "",
  ])
  func logindOutputWithoutBothHintsIsASentence(text: String) {
    guard case .failed(let sentence) = IdleReading.logind(Array(text.utf8), now: 10) else {
      Issue.record("\(text.debugDescription) was taken as a reading")
      return
    }
    #expect(sentence.hasPrefix("loginctl printed "))
  }
}
