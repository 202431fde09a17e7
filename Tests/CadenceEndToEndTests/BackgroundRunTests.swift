import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

/// Runs in a background process of their own, driven from other processes through the
/// control socket: status, pause, resume, skip, adjust, stop, status bars, strangers refused,
/// and a killed background process brought back by resume.
@Suite(.serialized, .timeLimit(.minutes(10))) struct BackgroundRunTests {
  let folder = TemporaryFolder("bg").url

  var database: String { folder.appendingPathComponent("cadence.db").path }
  var runtime: String { folder.appendingPathComponent("runtime").path }
  var environment: [String: String] { ["CADENCE_DB": database, "XDG_RUNTIME_DIR": runtime] }

  static let routine = """
    return {
      name = "Background",
      steps = { { "One", "30s" }, { "Two", "1h" }, { "Three", "1s", kind = "pause" } },
    }
    """

  func cadence(_ arguments: [String]) throws -> CadenceProcess.Output {
    try CadenceProcess.run(arguments, environment: environment)
  }

  /// Starts the routine detached and returns the background process's id.
  func startDetached(_ source: String = routine) throws -> Int32 {
    let path = try CadenceProcess.temporaryFile("background.lua", source)
    let started = try cadence(["run", path, "--detach", "--mute", "--no-notify"])
    #expect(started.status == 0, "\(started.standardError)")
    let words = started.standardOutput.split(whereSeparator: { " .\n".contains($0) })
    let id = try #require(words.firstIndex(of: "run").map { Int32(words[$0 + 1]) } ?? nil)
    return id
  }

  func status() throws -> [String: Any]? {
    let output = try cadence(["status", "--json"])
    let runs = try #require(
      JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [[String: Any]])
    return runs.first
  }

  func waitUntilGone(_ pid: Int32) -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      if kill(pid, 0) != 0 { return true }
      usleep(10_000)
    }
    return false
  }

  func history() throws -> [[String: Any]] {
    let output = try cadence(["history", "--json"])
    return try #require(
      JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [[String: Any]])
  }

  @Test func aDetachedRunIsDrivenFromOtherProcesses() throws {
    let pid = try startDetached()
    defer { kill(pid, SIGKILL) }
    var run = try #require(try status())
    #expect(run["pid"] as? Int == Int(pid))
    #expect(run["state"] as? String == "running")
    #expect(run["segment"] as? String == "One")
    #expect(run["routine"] as? String == "Background")

    #expect(try cadence(["pause"]).status == 0)
    #expect(try status()?["state"] as? String == "paused")
    #expect(try cadence(["resume"]).standardOutput.hasPrefix("Resumed Background"))
    #expect(try status()?["state"] as? String == "running")
    // A run that is going and not paused has nothing to resume: said, status 69.
    let again = try cadence(["resume"])
    #expect(again.status == 69)
    #expect(again.standardError.contains("not paused: nothing to resume"), "\(again.standardError)")
    #expect(try cadence(["skip"]).status == 0)
    run = try #require(try status())
    #expect(run["segment"] as? String == "Two")
    #expect(try cadence(["adjust", "+1m"]).status == 0)
    #expect(try cadence(["adjust", "-30s"]).status == 0)
    run = try #require(try status())
    let left = run["remaining_ms"] as? Int ?? 0
    #expect(left > 3_600_000 + 20_000 && left <= 3_600_000 + 30_000, "left \(left)")
    let stopped = try cadence(["stop"])
    #expect(stopped.standardOutput.hasPrefix("Stopped Background"))
    #expect(waitUntilGone(pid))
    #expect(try cadence(["status"]).status == 1)
    let rows = try history()
    #expect(rows.count == 1)
    #expect(rows.first?["outcome"] as? String == "stopped")
    #expect(rows.first?["pauses"] as? Int == 1)
    #expect(rows.first?["segments_skipped"] as? Int == 1)
    #expect(rows.first?["planned_ms"] as? Int == 3_631_000)
  }

  /// A command that would do nothing says why (status 69) instead of claiming it was done,
  /// and taking off more than a step has left says that the step ended.
  @Test func commandsThatWouldDoNothingSayWhy() throws {
    let pid = try startDetached(
      """
      return { name = "Background", steps = {
        { "One", "30s" }, { "Ready?", kind = "manual" }, { "Two", "1h" } } }
      """)
    defer { kill(pid, SIGKILL) }
    #expect(try cadence(["pause"]).status == 0)
    let again = try cadence(["pause"])
    #expect(again.status == 69)
    #expect(again.standardError.contains("is already paused; cadence resume continues it"))
    #expect(try status()?["state"] as? String == "paused")
    #expect(try cadence(["resume"]).status == 0)
    let ended = try cadence(["adjust", "-10m"])
    #expect(ended.status == 0, "\(ended.standardError)")
    #expect(
      ended.standardOutput.hasPrefix("Ended the step One (it had "), "\(ended.standardOutput)")
    #expect(!ended.standardOutput.contains("Took 10m off"))
    var run = try #require(try status())
    #expect(run["segment"] as? String == "Ready?")
    #expect(run["state"] as? String == "waiting")
    let manual = try cadence(["adjust", "+1m"])
    #expect(manual.status == 69)
    #expect(
      manual.standardError.contains("which has no length to adjust"), "\(manual.standardError)")
    let waiting = try cadence(["pause"])
    #expect(waiting.status == 69)
    #expect(waiting.standardError.contains("nothing to pause"))
    run = try #require(try status())
    #expect(run["state"] as? String == "waiting")
    #expect(try cadence(["stop"]).status == 0)
    #expect(waitUntilGone(pid))
  }

  @Test func statusBarsShowTheRunAndNothingWithout() throws {
    var format = try cadence(["status", "--format", "{segment} {remaining}"])
    #expect(format.status == 1)
    #expect(format.standardOutput == "\n")
    var waybar = try cadence(["status", "--waybar"])
    #expect(waybar.status == 1)
    #expect(waybar.standardOutput == "{}\n")

    let pid = try startDetached()
    defer { kill(pid, SIGKILL) }
    format = try cadence([
      "status", "--format", "{routine}|{segment}|{round}/{rounds}|{state}|{percent}%|{remaining}",
    ])
    #expect(format.status == 0)
    #expect(format.standardOutput.hasPrefix("Background|One|1/1|running|0%|0:"))
    waybar = try cadence(["status", "--waybar"])
    #expect(waybar.status == 0)
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(waybar.standardOutput.utf8)) as? [String: Any])
    #expect((object["text"] as? String)?.hasSuffix(" One") == true)
    #expect(object["class"] as? String == "running")
    #expect(object["percentage"] as? Int == 0)
    #expect((object["tooltip"] as? String)?.contains("Background") == true)
    _ = try cadence(["stop"])
    #expect(waitUntilGone(pid))
  }

  @Test func anotherUserIsRefused() throws {
    let pid = try startDetached()
    defer { kill(pid, SIGKILL) }
    // Open the way to the socket, so that only the credential check stands between.
    let socket = "\(runtime)/cadence/\(pid).sock"
    for path in [folder.path, runtime, "\(runtime)/cadence"] { chmod(path, 0o755) }
    chmod(socket, 0o666)
    let client = """
      import socket
      s = socket.socket(socket.AF_UNIX)
      s.connect("\(socket)")
      try:
          s.sendall(b'{"v":1,"cmd":"stop"}\\n')
      except BrokenPipeError:
          pass  # the refusal can come, and the socket close, before the request is sent
      print(s.recv(4096).decode())
      """
    let script = try CadenceProcess.temporaryFile("client.py", client)
    chmod((script as NSString).deletingLastPathComponent, 0o755)
    chmod(script, 0o644)
    let output = try CadenceProcess.run(
      [],
      wrapper: [
        "/usr/bin/setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups",
        "/usr/bin/python3", script, "--",
      ])
    #expect(output.standardOutput.contains(#""ok":false"#), "\(output.standardError)")
    #expect(output.standardOutput.contains("refused: this run belongs to another user"))
    #expect(try status()?["state"] as? String == "running")
    _ = try cadence(["stop"])
    #expect(waitUntilGone(pid))
  }

  @Test func aKilledBackgroundRunIsBroughtBackByResume() throws {
    let pid = try startDetached()
    defer { kill(pid, SIGKILL) }
    let deadline = Date().addingTimeInterval(10)
    while (try? Store(path: database, readOnly: true).activeRuns())?.isEmpty ?? true,
      Date() < deadline
    {
      usleep(10_000)
    }
    #expect(try cadence(["skip"]).status == 0)
    // The skip is kept by the run's recorder, a moment after it is answered.
    while Date() < deadline,
      !((try? Store(path: database, readOnly: true).activeRuns())?.first?.actions ?? []).contains(
        where: { $0.action == "skip" })
    {
      usleep(10_000)
    }
    #expect(
      ((try? Store(path: database, readOnly: true).activeRuns())?.first?.actions ?? []).contains {
        $0.action == "skip"
      })
    kill(pid, SIGKILL)
    #expect(waitUntilGone(pid))
    // Not going, but waiting to be resumed, which status says.
    let waiting = try cadence(["status"])
    #expect(waiting.status == 0)
    #expect(waiting.standardOutput.contains("waiting to be resumed: cadence resume"))
    let resumed = try cadence(["resume", "--detach", "--mute", "--no-notify"])
    #expect(resumed.status == 0, "\(resumed.standardError)")
    #expect(
      resumed.standardError.contains("Resuming Background: 1 segment done so far; now in Two"))
    let run = try #require(try status())
    #expect(run["segment"] as? String == "Two")
    let second = try #require((run["pid"] as? Int).map { Int32($0) })
    defer { kill(second, SIGKILL) }
    #expect(second != pid)
    _ = try cadence(["stop"])
    #expect(waitUntilGone(second))
    let rows = try history()
    #expect(rows.count == 1)
    #expect(rows.first?["resumed"] as? Bool == true)
    #expect(rows.first?["segments_skipped"] as? Int == 1)
  }
}
