import CadenceCore
import CadenceStore
import CadenceText
import CadenceTime

/// A line of `history`'s table written straight from the stored columns: the bytes
/// ``HistoryTable/line(_:)`` makes of ``HistoryTable/cells(_:)`` of the record of the same
/// row, without making the record, its dates or a `String` of each cell.
extension HistoryTable {
  /// Writes the session's line: each cell padded to its column, two spaces apart, indented by
  /// two, with no spaces at its end. Printable ASCII, a byte a character, is copied as it is;
  /// other text is escaped and measured as ``line(_:)`` does.
  func write(
    _ session: StoredSession, offsets: inout Zone.OffsetCache, to output: OutputBytes
  ) {
    let start = output.count
    output.append("  ")
    // The start on the zone's clocks: `2026-11-30 09:05`.
    let milliseconds = session.startMilliseconds
    let seconds = milliseconds / 1000 - (milliseconds % 1000 < 0 ? 1 : 0)
    let local = offsets.local(seconds)
    var cell = output.count
    output.padded(local.year, 4)
    output.append("-")
    output.padded(local.month)
    output.append("-")
    output.padded(local.day)
    output.append(" ")
    output.padded(local.hour)
    output.append(":")
    output.padded(local.minute)
    pad(0, output.count - cell, output)
    output.append("  ")
    cell = output.count
    session.withText(.kind) { output.append($0 ?? UnsafeBufferPointer(start: nil, count: 0)) }
    pad(1, output.count - cell, output)
    output.append("  ")
    pad(2, Self.text(session, .routine, to: output), output)
    output.append("  ")
    pad(3, Self.text(session, .task, to: output), output)
    output.append("  ")
    Self.clock(session.number(.planned), width: widths[4], to: output)
    output.append("  ")
    Self.clock(session.number(.active), width: widths[5], to: output)
    output.append("  ")
    cell = output.count
    session.withText(.outcome) { output.append($0 ?? UnsafeBufferPointer(start: nil, count: 0)) }
    if session.resumed { output.append(" (resumed)") }
    pad(6, output.count - cell, output)
    output.append("  ")
    cell = output.count
    output.digits(session.number(.segmentsDone))
    let skipped = session.number(.segmentsSkipped)
    if skipped > 0 {
      output.append(" +")
      output.digits(skipped)
      output.append(" skipped")
    }
    pad(7, output.count - cell, output)
    output.append("  ")
    // The last column's padding is trimmed with the line's end.
    _ = Self.text(session, .note, to: output)
    let trimmed = output.trimSpaces(after: start)
    if trimmed > 0, let last = output.last, last >= 0x80 {
      // A space may join the character before it (after a prepended mark), which trimming
      // by characters then keeps: trimmed as line(_:) trims.
      let line = output.text(from: start) + String(repeating: " ", count: trimmed)
      output.replace(from: start, with: line.trimmingTrailingSpaces())
    }
    output.append("\n")
  }

  /// Spaces after a left-aligned cell `width` characters wide, up to its column's width.
  private func pad(_ column: Int, _ width: Int, _ output: OutputBytes) {
    output.spaces(widths[column] - width)
  }

  /// A text cell, cut as ``shortened(_:)`` cuts it and escaped for the terminal; returns its
  /// width in characters.
  private static func text(
    _ session: StoredSession, _ column: StoredSession.Text, to output: OutputBytes
  ) -> Int {
    session.withText(column) { bytes -> Int in
      guard let bytes else { return 0 }
      let limit = SessionRecord.maximumNoteLength
      if bytes.count <= limit, TerminalText.isPrintableASCII(bytes) {
        output.append(bytes)
        return bytes.count
      }
      let shown = TerminalText.line(shortened(String(decoding: bytes, as: UTF8.self)))
      output.append(text: shown)
      return width(shown)
    }
  }

  /// ``DurationText/clock(_:precise:)`` of `milliseconds`, right-aligned in `width`.
  static func clock(_ milliseconds: Int64, width: Int, to output: OutputBytes) {
    let total = max(0, milliseconds) / 1000
    let hours = total / 3600
    let minutes = total % 3600 / 60
    let seconds = Int(total % 60)
    let lead = hours > 0 ? hours : minutes
    var digits = 1
    var rest = lead
    while rest >= 10 {
      rest /= 10
      digits += 1
    }
    output.spaces(width - digits - (hours > 0 ? 6 : 3))
    output.digits(lead)
    if hours > 0 {
      output.append(":")
      output.padded(Int(minutes))
    }
    output.append(":")
    output.padded(seconds)
  }
}
