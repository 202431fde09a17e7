import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

/// A database and runtime folder of its own for runs in the background: commands run with
/// them, the run going (`status`), the sessions recorded, and a run killed with SIGKILL as a
/// crash would, its kept start moved back as if time had passed since.
struct KilledRunFixture {
  let folder = TemporaryFolder("krf").url

  /// More variables for the processes it starts.
  var extra: [String: String] = [:]

  var database: String { folder.appendingPathComponent("cadence.db").path }
  var runtime: String { folder.appendingPathComponent("runtime").path }
  var environment: [String: String] {
    [
      "CADENCE_DB": database, "XDG_RUNTIME_DIR": runtime,
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
    ].merging(extra) { $1 }
  }

  func cadence(_ arguments: [String]) throws -> CadenceProcess.Output {
    try CadenceProcess.run(arguments, environment: environment)
  }

  /// Runs `arguments` and expects them to succeed.
  @discardableResult
  func succeed(_ arguments: [String]) throws -> CadenceProcess.Output {
    let output = try cadence(arguments)
    #expect(
      output.status == 0,
      "\(arguments): \(output.status) \(output.standardOutput)\(output.standardError)")
    return output
  }

  /// The run going (the first `status --json` lists), or nil.
  func status() throws -> [String: Any]? {
    let output = try cadence(["status", "--json"])
    let runs =
      (try? JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)))
      as? [[String: Any]]
    return runs?.first
  }

  /// The run going once `condition` holds of its status (up to 15 seconds).
  func status(until condition: ([String: Any]) -> Bool) throws -> [String: Any]? {
    let deadline = Date().addingTimeInterval(15)
    while Date() < deadline {
      if let run = try status(), condition(run) { return run }
      usleep(50_000)
    }
    return nil
  }

  /// Whether no run is going within 15 seconds (a run that has ended lets its socket go a
  /// moment after it has told its views).
  func noRunSoon() throws -> Bool {
    let deadline = Date().addingTimeInterval(15)
    while Date() < deadline, try status() != nil { usleep(20_000) }
    return try status() == nil
  }

  /// The sessions recorded, once there are `count` of them (up to 15 seconds).
  func sessions(waitingFor count: Int) -> [SessionRecord] {
    let deadline = Date().addingTimeInterval(15)
    var found: [SessionRecord] = []
    while Date() < deadline {
      found = (try? Store(path: database, readOnly: true).sessions()) ?? []
      if found.count >= count { break }
      usleep(50_000)
    }
    return found
  }

  /// Waits (up to 15 seconds) until the process `pid` has ended; true when it has.
  @discardableResult
  func gone(_ pid: Int32) -> Bool {
    let deadline = Date().addingTimeInterval(15)
    while Date() < deadline, Foundation.kill(pid, 0) == 0 { usleep(10_000) }
    return Foundation.kill(pid, 0) != 0
  }

  /// Every line of `text` read as a JSON object; nil when one is not.
  static func objects(_ text: String) -> [[String: Any]]? {
    var objects: [[String: Any]] = []
    for line in text.split(separator: "\n") where !line.isEmpty {
      guard
        let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8)))
          as? [String: Any]
      else { return nil }
      objects.append(object)
    }
    return objects
  }

  /// Kills the background process of the run going with SIGKILL once the database keeps the
  /// run, waits until it is gone, and moves the kept run's start back by `away` milliseconds.
  func kill(movingStartBack away: Int64 = 0) throws {
    let run = try #require(try status())
    let pid = try #require((run["pid"] as? Int).map { Int32($0) })
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline,
      !((try? Store(path: database, readOnly: true).activeRuns()) ?? []).contains(where: {
        $0.pid == pid
      })
    {
      usleep(10_000)
    }
    Foundation.kill(pid, SIGKILL)
    while Date() < deadline, Foundation.kill(pid, 0) == 0 { usleep(10_000) }
    #expect(Foundation.kill(pid, 0) != 0)
    try Store(path: database).database.run(
      "UPDATE active_runs SET started_at_ms = started_at_ms - ?1", [.integer(away)])
  }
}
