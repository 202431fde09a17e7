import CadenceStore
import CadenceText

/// `history --csv`: a header of ``SessionJSON/columns`` and a record a session, every text
/// exactly as recorded; on a terminal, whose reader sees rather than imports it, each text is
/// first escaped as ``TerminalText`` does, so a record stays on one line and drives nothing.
public enum SessionCSV {
  public static var header: String { CSVText.record(SessionJSON.columns) }

  public static func record(_ session: SessionRecord, forTerminal: Bool = false) -> String {
    CSVText.record(
      SessionJSON.cells(session).map { cell -> String in
        switch cell {
        case .text(nil): return ""
        case .text(let text?): return CSVText.field(forTerminal ? TerminalText.line(text) : text)
        case .number(let number): return String(number)
        case .flag(let flag): return flag ? "true" : "false"
        }
      })
  }

  /// The sessions as CSV, whole (for a few, and tests).
  public static func text(_ sessions: [SessionRecord], forTerminal: Bool = false) -> String {
    sessions.reduce(header) { $0 + record($1, forTerminal: forTerminal) }
  }
}
