import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

/// `history` against a database damaged after some rows: each form prints the rows it read
/// before the failure, then says what is wrong on standard error and exits 65.
@Suite(.timeLimit(.minutes(10))) struct HistoryReadFailureTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder("history-read-failure-cli").created() }

  @Test(arguments: [["--json"], ["--csv"], []])
  func theRowsReadBeforeAFailureArePrintedAndTheFailureIsReported(form: [String]) throws {
    let database = folder.path("cadence.db")
    let store = try Store(path: database)
    let start = Date(timeIntervalSince1970: 1_790_000_000)
    for index in 0..<400 {
      let began = start.addingTimeInterval(Double(index) * 3600)
      try store.record(
        SessionRecord(
          kind: .focus, routine: "Routine \(index)", startedAt: began,
          endedAt: began.addingTimeInterval(1500), plannedMilliseconds: 1_500_000,
          activeMilliseconds: 1_500_000, outcome: .completed, segmentsDone: 1,
          note: String(repeating: "n", count: 100)))
    }
    try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    let environment = ["CADENCE_DB": database, "TZ": "UTC"]
    let whole = try CadenceProcess.run(["history"] + form, environment: environment)
    #expect(whole.status == 0)
    try DatabaseDamage.overwriteLastQuarter(of: database)
    // How far a read gets before it fails.
    var read = 0
    _ = try? Store(path: database).sessionTable.eachStored { _ in
      read += 1
      return true
    }
    let damaged = try CadenceProcess.run(["history"] + form, environment: environment)
    #expect(damaged.status == 65)
    #expect(damaged.standardError.contains("\(database): "), "\(damaged.standardError)")
    #expect(damaged.standardError.contains("is damaged or not a Cadence database"))
    #expect(whole.standardOutput.hasPrefix(damaged.standardOutput))
    guard !form.isEmpty else { return }
    // Every row read before the failure is there, each whole: a good part of the 400.
    let marker = form == ["--json"] ? "{\"id\":" : ",focus,"
    let rows = damaged.standardOutput.components(separatedBy: marker).count - 1
    #expect(read > 10 && read < 400, "\(read) rows read")
    #expect(rows == read)
    let end = form == ["--json"] ? "}" : "\r\n"
    #expect(damaged.standardOutput.hasSuffix(end))
  }
}
