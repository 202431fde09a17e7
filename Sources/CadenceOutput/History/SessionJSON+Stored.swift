import CadenceStore
import CadenceText

/// `history --json` written straight from the stored columns: the bytes
/// ``SessionJSON/write(_:to:)`` writes for the record of the same row, without making the
/// record, its dates or a `String` of each value.
extension SessionJSON {
  /// The sessions matching `filter`, as `history --json`'s array and a line feed, written to
  /// `out` as they are read: one session in memory at a time.
  public static func writeArray(_ table: SessionTable, _ filter: SessionFilter, to out: ChunkedText)
    throws(StoreError)
  {
    let output = OutputBytes()
    output.append("[")
    // Every object read before a failure to read on is handed on, as it was written.
    defer { output.handOn(to: out, all: true) }
    var first = true
    try table.eachStored(filter) { session in
      if !first { output.append(",") }
      first = false
      write(session, to: output)
      output.handOn(to: out)
      return true
    }
    output.append("]\n")
    output.handOn(to: out, all: true)
    out.flush()
  }

  /// The session's object, its members ``columns`` in order.
  static func write(_ session: StoredSession, to output: OutputBytes) {
    output.append(#"{"id":"#)
    text(session, .uuid, to: output)
    output.append(#","kind":"#)
    text(session, .kind, to: output)
    output.append(#","routine":"#)
    text(session, .routine, to: output)
    output.append(#","task":"#)
    text(session, .task, to: output)
    output.append(#","tags":"#)
    text(session, .tags, to: output)
    output.append(#","started_at":"#)
    text(session, .startedAt, to: output)
    output.append(#","ended_at":"#)
    text(session, .endedAt, to: output)
    output.append(#","planned_ms":"#)
    output.digits(session.number(.planned))
    output.append(#","active_ms":"#)
    output.digits(session.number(.active))
    output.append(#","outcome":"#)
    text(session, .outcome, to: output)
    output.append(#","segments_done":"#)
    output.digits(session.number(.segmentsDone))
    output.append(#","segments_skipped":"#)
    output.digits(session.number(.segmentsSkipped))
    output.append(#","pauses":"#)
    output.digits(session.number(.pauses))
    output.append(#","note":"#)
    text(session, .note, to: output)
    output.append(#","coins":"#)
    output.digits(session.number(.coins))
    output.append(session.resumed ? #","resumed":true,"goal":"# : #","resumed":false,"goal":"#)
    text(session, .goal, to: output)
    output.append("}")
  }

  /// A text member's value: `null`, or the text as a JSON string, printable ASCII without a
  /// quote mark or a backslash copied as it is and anything else escaped by ``JSONText``.
  private static func text(
    _ session: StoredSession, _ column: StoredSession.Text, to output: OutputBytes
  ) {
    session.withText(column) { bytes in
      guard let bytes else { return output.append("null") }
      guard JSONText.isWrittenAsItIs(bytes) else {
        var escaped = ""
        JSONText.append(String(decoding: bytes, as: UTF8.self), to: &escaped)
        return output.append(text: escaped)
      }
      output.append(0x22)
      output.append(bytes)
      output.append(0x22)
    }
  }
}
