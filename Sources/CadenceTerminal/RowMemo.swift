import Synchronization

/// What was worked out for each row of the last frame (a line's clip): a view draws nearly
/// the same lines second after second, and comparing a line with the one at its row last
/// time costs a fraction of reading it again.
final class RowMemo<Value: Sendable>: Sendable {
  private struct Row {
    var line: String
    var width: Int
    var value: Value
  }

  /// Rows past this many are worked out each time.
  static var rows: Int { 512 }

  private let kept = Mutex<[Row]>([])

  /// What `work` gives for `line` at `width`: kept from the last frame when `row` held the same
  /// line at the same width, worked out (and kept) otherwise.
  func value(row: Int, line: String, width: Int, _ work: (String, Int) -> Value) -> Value {
    let hit = kept.withLock { rows -> Value? in
      guard row < rows.count, rows[row].width == width, TerminalLine.same(rows[row].line, line)
      else { return nil }
      return rows[row].value
    }
    if let hit { return hit }
    let value = work(line, width)
    guard row >= 0, row < Self.rows else { return value }
    kept.withLock { rows in
      while rows.count <= row { rows.append(Row(line: "", width: -1, value: value)) }
      rows[row] = Row(line: line, width: width, value: value)
    }
    return value
  }
}
