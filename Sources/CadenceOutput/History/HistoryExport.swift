import CadenceStore
import CadenceTime
import FoundationEssentials

/// `cadence history`'s forms of the sessions a filter matches, written as they are read from
/// the database: one session in memory at a time, whatever the history's length.
public enum HistoryExport {
  public enum Format: Sendable {
    /// The table a person reads.
    case table
    case json
    /// Comma-separated values, each text escaped for the terminal when `forTerminal`.
    case csv
    /// An iCalendar file, made at `stamp` by this `version` of Cadence.
    case ics(stamp: Date, version: String)
  }

  /// Writes the sessions matching `filter` in the store `open` gives to `out`, in `format`;
  /// gives a sentence for standard error once it is written (the sessions a calendar cannot
  /// hold), if there is one. A calendar begins before the store is opened.
  public static func write(
    _ format: Format, _ filter: SessionFilter, from open: () throws(StoreError) -> Store,
    timeZone: Zone, forTerminal: Bool, to out: ChunkedText
  ) throws(StoreError) -> String? {
    switch format {
    case .ics(let stamp, let version):
      var calendar = SessionCalendar(out, stamp: stamp, version: version)
      try open().sessionTable.each(filter) { session in
        calendar.add(session)
        return true
      }
      calendar.finish()
      guard calendar.leftOut > 0 else { return nil }
      return
        "\(calendar.leftOut) session\(calendar.leftOut == 1 ? " is" : "s are") dated outside the years 0000 to 9999, which an iCalendar file cannot hold, and left out."
    case .json: try SessionJSON.writeArray(open().sessionTable, filter, to: out)
    case .csv:
      try SessionCSV.write(open().sessionTable, filter, forTerminal: forTerminal, to: out)
    case .table:
      if try HistoryTable.write(open().sessionTable, filter, timeZone: timeZone, to: out) == 0 {
        out.write("No sessions recorded yet\(filter == SessionFilter() ? "" : " that match").\n")
        out.flush()
      }
    }
    return nil
  }
}
