import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

/// The database failing under a run: locked by another program, read-only, on a full disk,
/// deleted, or the process killed in the middle of its last write. The run keeps timing;
/// nothing is half-written; what could not be saved is said, never silently dropped, and the
/// command then ends with 74 (a failed write).
@Suite(.serialized, .timeLimit(.minutes(10))) struct DatabaseFaultTests {
  let folder = TemporaryFolder("faults").path
  var database: String { folder + "/cadence.db" }
  var environment: [String: String] { ["CADENCE_DB": database] }

  /// Makes the database, migrated and holding a setting, as a user's would be.
  func makeDatabase() throws {
    let output = try CadenceProcess.run(
      ["config", "set", "volume", "40"], environment: environment)
    try #require(output.status == 0, "\(output.standardError)")
  }

  /// A routine of `milliseconds` with a reminder every 250 ms, and `padding` bytes of comment.
  func routine(_ name: String, milliseconds: Int, padding: Int = 0) throws -> String {
    try CadenceProcess.temporaryFile(
      "\(name.lowercased()).lua",
      "return { name = '\(name)', quarters = false, steps = { { 'Tick', '\(milliseconds)ms', every = '250ms', reminder = 'tick' } } }\n"
        + "-- " + String(repeating: "x", count: padding) + "\n")
  }

  func events(_ output: String) throws -> [[String: Any]] {
    try output.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  /// The run ended at its finish, every event on time.
  func expectKeptTime(_ output: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let events = try events(output)
    #expect(events.last?["event"] as? String == "finish", sourceLocation: sourceLocation)
    let late = events.compactMap { $0["late_ms"] as? Int }
    #expect(
      !late.isEmpty && late.allSatisfy { $0 < 50 }, "late_ms: \(late)",
      sourceLocation: sourceLocation)
  }

  func sessions() throws -> [SessionRecord] { try Store(path: database).sessions() }

  /// A command that must write, against a database another program holds locked past the busy
  /// timeout, gives up with the path first and 75 (try again), not 70 (Cadence failed).
  @Test func aCommandAgainstALockedDatabaseSaysTryAgainWithStatus75() throws {
    try makeDatabase()
    let other = try Database(path: database)
    try other.execute("BEGIN IMMEDIATE")
    defer { try? other.execute("ROLLBACK") }
    let output = try CadenceProcess.run(["goal", "add", "Degree"], environment: environment)
    #expect(output.status == 75)
    #expect(
      output.standardError
        == "\(database): is locked by another program for too long; try again when it has finished\n"
    )
    #expect(output.standardOutput.isEmpty)
  }

  @Test func aDatabaseLockedByAnotherProgramDelaysNoEventAndTheUnsavedSessionIsSpeltOut() throws {
    try makeDatabase()
    let other = try Database(path: database)
    try other.execute("BEGIN IMMEDIATE")
    let running = try CadenceProcess.start(
      ["run", try routine("Locked", milliseconds: 1000), "--json", "--mute", "--no-notify"],
      environment: environment)
    // The run starts at once, not after the database's five seconds of waiting for the lock.
    #expect(running.waitForOutput(seconds: 2) { $0.contains("\"event\":\"start\"") })
    #expect(running.wait() == 74)
    try other.execute("ROLLBACK")
    try expectKeptTime(running.standardOutput)
    #expect(running.standardError.contains("\(database): is locked by another program"))
    #expect(running.standardError.contains("Not saved: Locked from "))
    #expect(try sessions().isEmpty)
  }

  @Test func aReadOnlyDatabaseIsReportedTheRunKeepsTimingAndTheSessionIsSpeltOut() throws {
    try makeDatabase()
    let files = FileManager.default
    try files.setAttributes([.posixPermissions: 0o444], ofItemAtPath: database)
    try files.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
    defer {
      try? files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
      try? files.setAttributes([.posixPermissions: 0o644], ofItemAtPath: database)
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: database))
    let output = try CadenceProcess.run(
      ["run", try routine("Readonly", milliseconds: 600), "--json", "--mute", "--no-notify"],
      environment: environment, wrapper: try Self.withoutRootsPowers())
    #expect(output.status == 74, "\(output.standardError)")
    try expectKeptTime(output.standardOutput)
    #expect(output.standardError.hasPrefix("\(database): "))
    #expect(output.standardError.contains("this run will not be recorded"))
    #expect(output.standardError.contains("Not saved: Readonly from "))
    #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
  }

  @Test func aFullDiskIsReportedTheRunKeepsTimingAndNothingIsDroppedSilently() throws {
    try makeDatabase()
    // A 40 KB file-size limit: the database opens, but recording the run (which keeps the
    // routine's 100 KB of text) cannot be written.
    let output = try CadenceProcess.run(
      [
        "run", try routine("Full", milliseconds: 600, padding: 100_000), "--json", "--mute",
        "--no-notify",
      ],
      environment: environment, wrapper: ["/usr/bin/prlimit", "--fsize=40960:40960", "--"])
    try expectKeptTime(output.standardOutput)
    #expect(output.standardError.contains("\(database): could not be written"))
    #expect(output.standardError.contains("the run keeps timing, but it is not being recorded"))
    let saved = try sessions().count
    let spelt = output.standardError.contains("Not saved: Full from ")
    #expect(saved + (spelt ? 1 : 0) == 1, "saved \(saved), spelt out: \(spelt)")
    // A session spelt out rather than saved is a failed write.
    #expect(output.status == (spelt ? 74 : 0), "\(output.standardError)")
  }

  /// The full-screen view, whose run goes on in a background process that records it, says a
  /// session that could not be recorded once the view has closed, and ends with 74. Before,
  /// the sentence went to the background process alone and the view ended with 0.
  @Test func aFullScreenRunWhoseSessionCannotBeRecordedSaysSoAndEndsWith74() throws {
    try makeDatabase()
    let other = try Database(path: database)
    try other.execute("BEGIN IMMEDIATE")
    defer { try? other.execute("ROLLBACK") }
    let tmux = Tmux()
    defer { tmux.stop() }
    let path = try routine("Viewed", milliseconds: 1500)
    try tmux.start(
      "view",
      "env CADENCE_DB=\(database) XDG_RUNTIME_DIR=\(folder)/runtime \(CadenceProcess.binary.path)"
        + " run \(path) --mute --no-notify; echo EXIT=$?; sleep 60",
      columns: 160, rows: 32)
    let text = try tmux.wait("view", seconds: 40) { $0.contains("EXIT=") }
    #expect(text.contains("Viewed: finished"), "\(text)")
    #expect(text.contains("Not saved: Viewed from "), "\(text)")
    #expect(text.contains("EXIT=74"), "\(text)")
    #expect(try sessions().isEmpty)
  }

  /// A timer shares the path: against a database another program holds locked, it counts to
  /// its end, spells its session out and ends with 74; once the lock is gone, 0.
  @Test func aTimerWhoseSessionCannotBeRecordedCountsToItsEndAndEndsWith74() throws {
    try makeDatabase()
    let other = try Database(path: database)
    try other.execute("BEGIN IMMEDIATE")
    let timer = ["timer", "1s", "--json", "--mute", "--no-notify"]
    let output = try CadenceProcess.run(timer, environment: environment)
    try other.execute("ROLLBACK")
    #expect(output.status == 74, "\(output.standardError)")
    #expect(output.standardOutput.contains("\"outcome\":\"completed\""))
    #expect(output.standardError.contains("Not saved: Timer from "), "\(output.standardError)")
    #expect(try sessions().isEmpty)
    let saved = try CadenceProcess.run(timer, environment: environment)
    #expect(saved.status == 0, "\(saved.standardError)")
    #expect(try sessions().count == 1)
  }

  @Test func aDatabaseDeletedDuringARunIsMadeAfreshAndTheSessionIsSavedInIt() throws {
    try makeDatabase()
    let running = try CadenceProcess.start(
      ["run", try routine("Deleted", milliseconds: 1500), "--json", "--mute", "--no-notify"],
      environment: environment)
    #expect(running.waitForOutput { $0.contains("\"at_ms\":250,") })
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: database + suffix)
    }
    #expect(running.wait() == 0)
    try expectKeptTime(running.standardOutput)
    #expect(running.standardError.contains("\(database): the database was deleted during the run"))
    let sessions = try sessions()
    #expect(sessions.map(\.routine) == ["Deleted"])
    #expect(sessions.first?.outcome == .completed)
  }

  @Test func aRunKilledInTheMiddleOfItsLastWriteLeavesNoHalfSessionAndCanBeResumed() throws {
    var environment = self.environment
    environment["CADENCE_TEST_PAUSE_IN_FINISH_MS"] = "5000"
    let running = try CadenceProcess.start(
      ["run", try routine("Killed", milliseconds: 300), "--json", "--mute", "--no-notify"],
      environment: environment)
    #expect(running.waitForOutput { $0.contains("\"event\":\"finish\"") })
    usleep(800_000)
    kill(running.process.processIdentifier, SIGKILL)
    _ = running.wait()
    #expect(running.process.terminationReason == .uncaughtSignal)
    let store = try Store(path: database)
    #expect(try store.sessions().isEmpty)
    #expect(try store.activeRuns().map(\.routinePath).count == 1)
    let resumed = try CadenceProcess.run(["resume", "--json"], environment: self.environment)
    #expect(resumed.status == 0, "\(resumed.standardError)")
    let sessions = try sessions()
    #expect(sessions.map(\.routine) == ["Killed"])
    #expect(sessions.first?.outcome == .completed)
    #expect(try Store(path: database).activeRuns().isEmpty)
  }

  /// How to run the binary so that file permissions bind it: as it is for a user; for root,
  /// without the powers that override them (or, where those cannot be dropped, as nobody).
  static func withoutRootsPowers() throws -> [String] {
    guard getuid() == 0 else { return [] }
    let dropped = [
      "/usr/bin/setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner", "--",
    ]
    let probe = try Program.run(dropped[0], Array(dropped.dropFirst()) + ["/bin/true"])
    if probe.status == 0 { return dropped }
    return ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
  }
}
