import CadenceStore
import CadenceText

/// `history --csv` written straight from the stored columns: the bytes
/// ``SessionCSV/record(_:forTerminal:)`` makes of the record of the same row, without making
/// the record, its dates or a `String` of each value.
extension SessionCSV {
  /// The sessions matching `filter`, written to `out` as they are read.
  public static func write(
    _ table: SessionTable, _ filter: SessionFilter, forTerminal: Bool, to out: ChunkedText
  ) throws(StoreError) {
    let output = OutputBytes()
    output.append(text: header)
    // Every record read before a failure to read on is handed on, as it was written.
    defer { output.handOn(to: out, all: true) }
    try table.eachStored(filter) { session in
      record(session, forTerminal: forTerminal, to: output)
      output.handOn(to: out)
      return true
    }
    output.handOn(to: out, all: true)
    out.flush()
  }

  /// The session's record, its fields ``SessionJSON/columns`` in order, ended by CR LF.
  static func record(_ session: StoredSession, forTerminal: Bool, to output: OutputBytes) {
    let field = { (column: StoredSession.Text, output: OutputBytes) in
      text(session, column, forTerminal: forTerminal, to: output)
    }
    field(.uuid, output)
    output.append(",")
    field(.kind, output)
    output.append(",")
    field(.routine, output)
    output.append(",")
    field(.task, output)
    output.append(",")
    field(.tags, output)
    output.append(",")
    field(.startedAt, output)
    output.append(",")
    field(.endedAt, output)
    output.append(",")
    output.digits(session.number(.planned))
    output.append(",")
    output.digits(session.number(.active))
    output.append(",")
    field(.outcome, output)
    for column in [StoredSession.Number.segmentsDone, .segmentsSkipped, .pauses] {
      output.append(",")
      output.digits(session.number(column))
    }
    output.append(",")
    field(.note, output)
    output.append(",")
    output.digits(session.number(.coins))
    output.append(session.resumed ? ",true," : ",false,")
    field(.goal, output)
    output.append("\r\n")
  }

  /// A text field: empty for none; printable ASCII quoted and defused as ``CSVText`` does it
  /// (a byte is a character); anything else made by ``CSVText`` (and first escaped as
  /// ``TerminalText`` does on a terminal), from the text the record holds.
  private static func text(
    _ session: StoredSession, _ column: StoredSession.Text, forTerminal: Bool,
    to output: OutputBytes
  ) {
    session.withText(column) { bytes in
      guard let bytes, let first = bytes.first else { return }
      var quotes = false
      for byte in bytes {
        guard TerminalText.isPrintableASCII(byte) else {
          let text = String(decoding: bytes, as: UTF8.self)
          return output.append(text: CSVText.field(forTerminal ? TerminalText.line(text) : text))
        }
        if byte == 0x2C || byte == 0x22 { quotes = true }
      }
      // `=`, `+`, `-` and `@` start a formula in a spreadsheet.
      let defuse = first == 0x3D || first == 0x2B || first == 0x2D || first == 0x40
      guard quotes || defuse else { return output.append(bytes) }
      output.append(defuse ? "\"'" : "\"")
      for byte in bytes {
        if byte == 0x22 { output.append(0x22) }
        output.append(byte)
      }
      output.append(0x22)
    }
  }
}
