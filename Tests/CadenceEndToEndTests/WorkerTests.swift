import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

/// The Lua worker under attack, through the binary: a hook stuck in a C function, a worker
/// killed mid-run, routines that try to make Cadence's memory explode, and the confinement.
/// The test-only functions (`cadence_test.stall`, `crash`, `open`) exist in debug builds only,
/// offered when `CADENCE_WORKER_TEST=1`.
@Suite(.serialized, .timeLimit(.minutes(10))) struct WorkerTests {
  let database = TemporaryFolder("worker").path("cadence.db")
  var environment: [String: String] { ["CADENCE_DB": database, "CADENCE_WORKER_TEST": "1"] }

  func sessions() throws -> [SessionRecord] { try Store(path: database).sessions() }

  /// Three one-second steps whose hooks are `hooks`.
  func routine(_ name: String, hooks: String) throws -> String {
    try CadenceProcess.temporaryFile(
      "\(name).lua",
      """
      return {
        name = "\(name)",
        steps = { { "Work", "1s" }, { "Rest", "1s", kind = "pause" }, { "Work", "1s" } },
        \(hooks)
      }
      """)
  }

  /// Every JSON line arrived within `slack` seconds of its due time, counted from the first.
  func expectEveryLineOnTime(
    _ run: LiveProcess, slack: Double = 0.25, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [[String: Any]] {
    let lines = run.lines
    var events: [[String: Any]] = []
    let origin = try #require(lines.first).at
    for (at, line) in lines {
      let event = try #require(
        JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      events.append(event)
      let due = Double(try #require(event["at_ms"] as? Int)) / 1000
      #expect(
        at - origin - due < slack, "\(line) arrived \(Int((at - origin - due) * 1000)) ms late",
        sourceLocation: sourceLocation)
    }
    #expect(events.last?["event"] as? String == "finish", sourceLocation: sourceLocation)
    return events
  }

  @Test func aHookStuckInACFunctionDelaysNoLineAndTheRunIsRecorded() throws {
    let path = try routine(
      "stuck",
      hooks: """
        on_work = function(ctx) return "work " .. ctx.index end,
        on_pause = function(ctx) cadence_test.stall() end,
        """)
    let run = try CadenceProcess.start(
      ["run", path, "--json", "--mute", "--no-notify"], environment: environment)
    #expect(run.wait() == 0)
    let events = try expectEveryLineOnTime(run)
    let messages = events.filter { $0["event"] as? String == "segment_start" }
      .compactMap { $0["message"] as? String }
    #expect(messages.first == "work 1")
    // The worker was stopped at the pause: Cadence's own messages from then on.
    #expect(messages.count == 3 && messages[2] != "work 3", "\(messages)")
    let reports = run.standardError.components(
      separatedBy: "on_pause ran past its time allowance of 40 ms and was stopped")
    #expect(reports.count == 2, "\(run.standardError)")
    #expect(
      run.standardError.contains(
        "Cadence's own messages stand in; look for a C function given a huge size, such as string.rep"
      ))
    #expect(try sessions().map(\.outcome) == [.completed])
  }

  @Test(arguments: ["q", "SIGTERM"])
  func aRunWhoseHookGotStuckStillEndsOnAKeyOrASignalAndIsRecorded(ending: String) throws {
    let path = try CadenceProcess.temporaryFile(
      "long.lua",
      "return { name = 'Long', steps = { { 'Work', '30s' } }, on_work = function() cadence_test.stall() end }\n"
    )
    let run = try CadenceProcess.start(
      ["run", path, "--json", "--mute", "--no-notify"], environment: environment)
    #expect(run.waitForLine { $0.contains("\"segment_start\"") })
    let asked = LiveProcess.now()
    if ending == "q" {
      run.type("q\n")
    } else {
      kill(run.process.processIdentifier, SIGTERM)
    }
    let status = run.wait()
    #expect(LiveProcess.now() - asked < 2)
    #expect(status == (ending == "q" ? 0 : 128 + SIGTERM))
    #expect(run.standardError.contains("on_work ran past its time allowance"))
    #expect(try sessions().map(\.outcome) == [.stopped])
  }

  @Test func aWorkerKilledWithSIGSEGVMidRunIsSurvivedAndTheRunIsRecorded() throws {
    let path = try routine(
      "segv",
      hooks: """
        on_work = function(ctx) return "work " .. ctx.index end,
        on_pause = function(ctx) return "rest" end,
        """)
    let run = try CadenceProcess.start(
      ["run", path, "--json", "--mute", "--no-notify"], environment: environment)
    #expect(run.waitForLine { $0.contains("work 1") })
    let workers = run.children()
    try #require(workers.count == 1, "children: \(workers)")
    let status = try String(contentsOfFile: "/proc/\(workers[0])/status", encoding: .utf8)
    #expect(status.contains("Seccomp:\t2"))
    #expect(status.contains("NoNewPrivs:\t1"))
    kill(workers[0], SIGSEGV)
    #expect(run.wait() == 0)
    _ = try expectEveryLineOnTime(run)
    // Under AddressSanitizer the sanitizer's runtime turns the signal into exit status 1.
    #expect(
      run.standardError.contains("on_pause crashed the Lua interpreter (signal 11)")
        || run.standardError.contains("on_pause ended the Lua worker unexpectedly (exit status 1)"),
      "\(run.standardError)")
    // Reaped, not left a zombie.
    #expect(kill(workers[0], 0) == -1 && errno == ESRCH)
    #expect(try sessions().map(\.outcome) == [.completed])
  }

  @Test func whatEachHookPrintsComesBackWithItsCallInABatch() throws {
    let path = try routine(
      "printing",
      hooks: """
        on_work = function(ctx) print("hello", ctx.index) return "work " .. ctx.index end,
        on_pause = function(ctx) print("rest") end,
        """)
    let output = try CadenceProcess.run(["simulate", path], environment: environment)
    #expect(output.status == 0, "\(output.standardError)")
    // Each call's lines, in order, on one line each (a tab shown as \t).
    #expect(
      output.standardError
        == "\(path): print: hello\\t1\n\(path): print: rest\n\(path): print: hello\\t3\n")
    #expect(output.standardOutput.contains("work 3"))
  }

  @Test func aForbiddenCallFailsInsideTheWorker() throws {
    let path = try CadenceProcess.temporaryFile(
      "probe.lua",
      "return { name = cadence_test.open('/etc/passwd') .. ' ' .. cadence_test.open('/dev/null'), steps = { { 'A', '1s' } } }\n"
    )
    let output = try CadenceProcess.run(["check", path], environment: environment)
    #expect(output.status == 0, "\(output.standardError)")
    #expect(output.standardOutput.contains(": EPERM EPERM, 1 segment"), "\(output.standardOutput)")
  }

  @Test(arguments: [
    ("cadence_test.stall()", "loading ran past 1 s and was stopped"),
    ("cadence_test.crash()", "the Lua interpreter crashed (signal 11) while loading it"),
  ])
  func aLoadThatWedgesOrCrashesTheInterpreterIsOneLine(source: String, expected: String) throws {
    let path = try CadenceProcess.temporaryFile("wedge.lua", source + "\n")
    for command in ["check", "plan", "simulate"] {
      let started = LiveProcess.now()
      let output = try CadenceProcess.run([command, path], environment: environment)
      #expect(LiveProcess.now() - started < 3)
      #expect(output.status == 65)
      // Under AddressSanitizer the sanitizer's runtime turns a crash into exit status 1.
      #expect(
        output.standardError.hasPrefix("\(path): \(expected)")
          || output.standardError.hasPrefix(
            "\(path): loading it ended the Lua worker unexpectedly (exit status 1)"),
        "\(output.standardError)")
      #expect(output.standardError.split(separator: "\n").count == 1)
    }
  }

  /// Runs `arguments` under GNU time: status, standard error, seconds and peak kilobytes (of
  /// Cadence and the worker it reaped).
  func measured(_ arguments: [String]) throws -> (Int32, String, Double, Int) {
    let report = TemporaryFolder.newPath("peak")
    let started = LiveProcess.now()
    let output = try CadenceProcess.run(
      arguments, environment: environment, wrapper: ["/usr/bin/time", "-f", "%M", "-o", report])
    let seconds = LiveProcess.now() - started
    let peak =
      Int(
        try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").last ?? "") ?? -1
    return (output.status, output.standardError, seconds, peak)
  }

  @Test(arguments: [
    (
      "local s = string.rep('x', 10 * 1024 * 1024) local t = {} for i = 1, 200 do t[i] = s end return { steps = { { 'A', '1s' } }, big = t }",
      "check"
    ),
    ("error(string.rep('x', 1e8))", "check"),
    (
      "return { steps = { { 'A', '1s' }, { 'B', '1s' } }, on_work = function() return string.rep('x', 100 * 1024 * 1024) end }",
      "simulate"
    ),
  ])
  func memoryOutsideTheCapIsRefusedOrSurvivedQuickly(source: String, command: String) throws {
    let path = try CadenceProcess.temporaryFile("memory.lua", source + "\n")
    let (status, errors, seconds, peak) = try measured([command, path])
    #expect(seconds < 3, "\(seconds) s")
    #expect(peak > 0 && peak < 600 * 1024, "peak \(peak) KB")
    #expect(status == 65 || (command == "simulate" && status == 0), "status \(status): \(errors)")
    #expect(errors.hasPrefix(path + ":"), "\(errors.prefix(300))")
    #expect(errors.split(separator: "\n").allSatisfy { $0.utf8.count < 3000 })
  }
}
