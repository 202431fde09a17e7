import Synchronization
import Testing

@testable import CadenceTerminal

/// A row's clip is kept only while the row holds the same line at the same width.
@Suite struct RowMemoTests {
  @Test func aRowIsWorkedOutAgainWhenItsLineOrWidthChanges() {
    let memo = RowMemo<String>()
    let calls = Mutex(0)
    func clip(_ line: String, _ width: Int) -> String {
      calls.withLock { $0 += 1 }
      return TerminalLine.clip(line, width)
    }
    let long = String(repeating: "█", count: 30)
    #expect(memo.value(row: 3, line: long, width: 10, clip) == String(repeating: "█", count: 10))
    #expect(memo.value(row: 3, line: long, width: 10, clip) == String(repeating: "█", count: 10))
    #expect(calls.withLock { $0 } == 1)
    #expect(memo.value(row: 3, line: long, width: 5, clip) == String(repeating: "█", count: 5))
    let longer = long + "x"
    #expect(memo.value(row: 3, line: longer, width: 5, clip) == String(repeating: "█", count: 5))
    #expect(memo.value(row: 2, line: long, width: 5, clip) == String(repeating: "█", count: 5))
    #expect(calls.withLock { $0 } == 4)
    // Rows past the memo's reach are worked out each time.
    _ = memo.value(row: RowMemo<String>.rows, line: long, width: 5, clip)
    _ = memo.value(row: RowMemo<String>.rows, line: long, width: 5, clip)
    #expect(calls.withLock { $0 } == 6)
  }
}
