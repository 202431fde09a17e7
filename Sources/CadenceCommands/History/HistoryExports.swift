import CadenceArguments
import CadenceDesktop
import CadenceOutput
import CadenceStore
import CadenceSystem
import FoundationEssentials

/// `history --ics` and `history --timew`: the sessions where the user keeps them, read from
/// the database one at a time and handed on as they are read.
enum HistoryExports {
  static let ics = Flag(
    "ics", help: "Prints the sessions as an iCalendar file: an event each, the note as its text.")
  static let timew = Flag(
    "timew", help: "Tracks in Timewarrior the sessions it does not have yet; says how many.")

  /// The store to read, or the status to exit with once its error is said.
  private static func store(_ arguments: ParsedArguments, context: CommandContext) -> Result<
    Store, StoreError
  > {
    do throws(StoreError) {
      return .success(
        try Store.existing(
          path: Store.defaultPath(
            flag: arguments[CommonOptions.database], environment: context.environment)))
    } catch {
      return .failure(error)
    }
  }

  /// Prints the sessions matching `filter` as a calendar, written as they are read.
  static func calendar(
    _ filter: SessionFilter, _ arguments: ParsedArguments, context: CommandContext
  ) -> ExitCode {
    let out = ChunkedText { context.console.out($0) }
    var calendar = SessionCalendar(out, stamp: context.now, version: CadenceCLI.version)
    do throws(StoreError) {
      try store(arguments, context: context).get().sessionTable.each(filter) { session in
        calendar.add(session)
        return true
      }
    } catch {
      // What was written stays unfinished, so no calendar takes it for the whole history.
      out.flush()
      context.console.problem("\(error.description)")
      return StoreFailure.exitCode(error)
    }
    calendar.finish()
    if calendar.leftOut > 0 {
      context.console.problem(
        "\(calendar.leftOut) session\(calendar.leftOut == 1 ? " is" : "s are") dated outside the years 0000 to 9999, which an iCalendar file cannot hold, and left out."
      )
    }
    return .success
  }

  /// Tracks the sessions matching `filter` that Timewarrior does not have yet.
  static func timewarrior(
    _ filter: SessionFilter, _ arguments: ParsedArguments, context: CommandContext
  ) -> ExitCode {
    guard let timew = Timewarrior(environment: context.environment) else {
      context.console.problem(
        "timew is not on PATH, so nothing was added to Timewarrior: install it (Debian's timewarrior package), then run cadence history --timew again."
      )
      return .unavailable
    }
    var backfill: TimewarriorBackfill
    do throws(TimewarriorBackfill.Failure) {
      backfill = try TimewarriorBackfill(timew: timew, since: filter.since)
    } catch {
      context.console.problem(error.description)
      return error.isData ? .dataError : .unavailable
    }
    do throws(StoreError) {
      try store(arguments, context: context).get().sessionTable.each(filter) { session in
        backfill.add(session)
        return true
      }
    } catch {
      context.console.problem("\(error.description)")
      return StoreFailure.exitCode(error)
    }
    let report = backfill.report
    context.console.out(report.summary + "\n")
    guard report.refused == 0 else {
      context.console.problem(report.refusals)
      return .dataError
    }
    return .success
  }
}
