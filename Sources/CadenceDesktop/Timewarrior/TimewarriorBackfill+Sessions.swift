import CadenceStore
import CadenceSystem

extension TimewarriorBackfill {
  /// `cadence history --timew`: tracks in Timewarrior the sessions matching `filter` in the
  /// store `open` gives that it does not have yet, reading them one at a time; what was done,
  /// or why nothing could be.
  public static func sessions(
    _ filter: SessionFilter, from open: () throws(StoreError) -> Store,
    environment: [String: String]
  ) -> Result<Report, CommandFailure> {
    guard let timew = Timewarrior(environment: environment) else {
      return .failure(
        CommandFailure(
          "timew is not on PATH, so nothing was added to Timewarrior: install it (Debian's timewarrior package), then run cadence history --timew again.",
          exitCode: .unavailable))
    }
    var backfill: TimewarriorBackfill
    do throws(Failure) {
      backfill = try TimewarriorBackfill(timew: timew, since: filter.since)
    } catch {
      return .failure(
        CommandFailure(error.description, exitCode: error.isData ? .dataError : .unavailable))
    }
    do throws(StoreError) {
      try open().sessionTable.each(filter) { session in
        backfill.add(session)
        return true
      }
    } catch {
      return .failure(CommandFailure(error.description, exitCode: StoreFailure.exitCode(error)))
    }
    return .success(backfill.report)
  }
}
