import CadenceOutput
import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

/// `history --csv` keeps every text exactly for a file or a pipe, and escapes it on a terminal.
@Suite struct HistoryCSVTests {
  let session = SessionRecord(
    uuid: "u-1", kind: .routine, routine: "-a\u{1B}]0;pwned\u{7}\r\nb", task: "=1+2",
    startedAt: Date(timeIntervalSince1970: 0), endedAt: Date(timeIntervalSince1970: 60),
    plannedMilliseconds: 60_000, activeMilliseconds: 60_000, outcome: .completed)

  @Test func aFileGetsTheExactTextQuotedAndDefused() throws {
    let records = try StrictCSV.parse(SessionCSV.text([session]))
    #expect(records.count == 2)
    #expect(records[1][2] == "'-a\u{1B}]0;pwned\u{7}\r\nb")
    #expect(records[1][3] == "'=1+2")
  }

  @Test func aTerminalGetsEveryRecordOnOneInertLine() throws {
    let text = SessionCSV.text([session], forTerminal: true)
    #expect(text.split(separator: "\r\n").count == 2)
    let actionable = InertText.actionable(text.replacingOccurrences(of: "\r\n", with: "\n"))
    #expect(actionable.isEmpty, "CSV let through \(actionable.map { String($0.value, radix: 16) })")
    let records = try StrictCSV.parse(text)
    #expect(records[1][2] == "'-a\\u{1B}]0;pwned\\u{7}\\r\\nb")
  }
}
