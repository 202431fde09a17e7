import Foundation
import Testing

@testable import CadenceText

/// The helpers that stand in for Foundation's text functions give the text Foundation gave.
@Suite struct FoundationFreeTextTests {
  @Test(arguments: [0, 5, 9, 10, 59, 99, 100, 123, -1, -5, -42, Int.max, Int.min])
  func zeroPaddedDecimalMatchesPrintf(value: Int) {
    #expect(NumberText.zeroPadded(value, width: 2) == String(format: "%02ld", value))
    #expect(
      NumberText.zeroPadded(Int32(truncatingIfNeeded: value), width: 2)
        == String(format: "%02d", Int32(truncatingIfNeeded: value)))
    #expect(NumberText.zeroPadded(value, width: 3) == String(format: "%03ld", value))
    #expect(
      NumberText.zeroPadded(UInt32(truncatingIfNeeded: value), width: 3)
        == String(format: "%03u", UInt32(truncatingIfNeeded: value)))
  }

  @Test(arguments: [0, 1, 0xab, 0xcbf2_9ce4_8422_2325, UInt64.max])
  func zeroPaddedHexadecimalMatchesPrintf(value: UInt64) {
    #expect(
      NumberText.zeroPadded(value, width: 16, radix: 16) == String(format: "%016llx", value))
  }

  @Test(arguments: [
    "", " ", "plain", "  both  ", "\ttab\t", "a b", "\u{A0}nbsp\u{2003}", "line\n", " \n x \n ",
    "é ", " 🏋️",
  ])
  func trimmedMatchesFoundationsWhitespace(text: String) {
    #expect(PlainText.trimmed(text) == text.trimmingCharacters(in: .whitespaces))
    #expect(PlainText.trimmed(Substring(text)) == text.trimmingCharacters(in: .whitespaces))
  }

  @Test(arguments: ["", "a", "Reading", "exactly8", "longer than the column", "Café"])
  func paddedMatchesFoundationsPadding(text: String) {
    for width in [0, 8, 13] {
      #expect(
        PlainText.padded(text, to: width)
          == text.padding(toLength: width, withPad: " ", startingAt: 0))
    }
  }

  @Test(arguments: ["/a/b.lua", "/a/b/", "/", "", "/a", "a/b", "./x", "/usr/local/bin/cadence"])
  func pathComponentsMatchNSString(path: String) {
    let foundation = path as NSString
    #expect(PathText.lastComponent(path) == foundation.lastPathComponent)
    #expect(PathText.parent(path) == foundation.deletingLastPathComponent)
    #expect(PathText.appending("c", to: path) == foundation.appendingPathComponent("c"))
  }

  @Test func pathOfOneRelativeNameHasAnEmptyParent() {
    // (Foundation on Linux stops the process here.)
    #expect(PathText.parent("a") == "")
    #expect(PathText.parent("a/") == "")
    #expect(PathText.lastComponent("a/") == "a")
  }
}
