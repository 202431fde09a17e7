import CadenceCore
import CadenceSystem
import Foundation
import Testing

@testable import CadenceLua

/// The actions a hook returns: read by the sandbox into a bounded reply, checked again by
/// Cadence, and refused with one sentence for each way a hostile hook can get them wrong.
@Suite(.timeLimit(.minutes(10))) struct HookActionTests {
  /// The outcome of `on_start` returning `result` (a Lua expression).
  func outcome(returning result: String) throws -> HookOutcome {
    let source = """
      return {
        name = "Acting",
        steps = { { "Go", "1m" } },
        on_start = function(ctx)
          return \(result)
        end,
      }
      """
    let file = try RoutineFile(source: Array(source.utf8), path: "acting.lua")
    let routine = try file.routine()
    let schedule = try ScheduleCompiler.compile(routine, now: Date(), timeZone: .current)
    var engine = Engine(schedule: schedule)
    let start = engine.start(at: 0).first { $0.kind == .start }!
    let hooks = RoutineHooks(file: file, hooks: routine.hooks)
    return hooks.call(.onStart, context: HookContext(event: start, engine: engine))
  }

  /// The sentence of a refused result, without the file and the ending every failure has.
  func refusal(_ result: String) throws -> String {
    guard case .failed(let sentence) = try outcome(returning: result) else { return "not refused" }
    return
      sentence
      .replacingOccurrences(of: "acting.lua: on_start ", with: "")
      .replacingOccurrences(of: "; Cadence's own messages stand in for it from now on", with: "")
  }

  @Test func actionsComeBackWithTheirArgumentsAndTimeouts() throws {
    let made = try outcome(
      returning: """
        { message = "Off", actions = {
            { run = { "notify-send", "--", "Done", 42 } },
            { run = { "/bin/true" }, timeout = "250ms" },
            { run = { "curl", "-s", "https://example.org/é" }, timeout = 1.5 },
          } }
        """)
    #expect(
      made
        == .message(
          HookResult(
            message: "Off",
            actions: [
              HookAction(arguments: ["notify-send", "--", "Done", "42"], timeout: 5_000),
              HookAction(arguments: ["/bin/true"], timeout: 250),
              HookAction(arguments: ["curl", "-s", "https://example.org/é"], timeout: 1_500),
            ])))
  }

  @Test func actionsWithoutAMessageStillComeBack() throws {
    let made = try outcome(returning: #"{ actions = { { run = { "true" } } } }"#)
    #expect(made == .message(HookResult(message: "", actions: [HookAction(arguments: ["true"])])))
    #expect(try outcome(returning: "{ actions = {} }") == .nothing)
  }

  @Test func aHugeListIsRefusedWithoutBeingRead() throws {
    let started = ContinuousClock.now
    #expect(
      try refusal(
        "(function() local t = {} for i = 1, 10000 do t[i] = i end return { actions = t } end)()"
      ) == "returned 10000 actions; a hook may ask for at most 8")
    #expect(ContinuousClock.now - started < .seconds(3))
    #expect(
      try refusal(
        "{ actions = { { run = (function() local r = {} for i = 1, 65 do r[i] = 'a' end return r end)() } } }"
      )
        == "returned actions[1].run with 65 entries; it takes the program and its arguments, 64 at most"
    )
  }

  @Test func longArgumentsAreRefusedPastFourKilobytesInAll() throws {
    #expect(
      try refusal(#"{ actions = { { run = { "echo", string.rep("x", 10000) } } } }"#)
        == "returned actions larger than 4096 bytes in all (at actions[1].run[2]); ask for fewer or shorter commands"
    )
    // Just under the cap is fine.
    guard
      case .message(let result) = try outcome(
        returning: #"{ actions = { { run = { "echo", string.rep("x", 4000) } } } }"#)
    else {
      Issue.record("refused")
      return
    }
    #expect(result.actions.first?.arguments.last?.utf8.count == 4000)
  }

  @Test func eachWrongShapeHasItsSentence() throws {
    #expect(
      try refusal(#"{ actions = { { run = { "echo", "a\0b" } } } }"#)
        == "returned actions[1].run[2] with a NUL byte, which no command can take")
    #expect(
      try refusal(#"{ actions = "rm -rf ~" }"#)
        == #"returned actions that are a string, not a list; write actions = { { run = { "notify-send", "Done" }, timeout = "5s" } }"#
    )
    #expect(
      try refusal(#"{ actions = { { run = "ls" } } }"#)
        == #"returned actions[1] without a run list of the program and its arguments; write actions = { { run = { "notify-send", "Done" }, timeout = "5s" } }"#
    )
    #expect(
      try refusal(#"{ actions = { { run = { "" } } } }"#)
        == "returned actions[1] whose program (run[1]) is empty")
    #expect(
      try refusal(#"{ actions = { { run = { "ls", {} } } } }"#)
        == "returned actions[1].run[2] that is a table, not text")
    #expect(
      try refusal(#"{ actions = { { run = { "ls" }, timeout = "soon" } } }"#)
        == #"returned actions[1].timeout "soon", which is not a duration; write it as "5s""#)
    #expect(
      try refusal(#"{ actions = { { run = { "ls" }, timeout = "2m" } } }"#)
        == #"returned actions[1].timeout "2m"; an action may take from 1ms to 1m"#)
    #expect(
      try refusal(#"{ actions = { { run = { "ls" }, timeout = 0 } } }"#)
        == "returned actions[1].timeout 0; an action may take from 1ms to 1m")
    #expect(
      try refusal(#"{ actions = { { run = { "ls", "\255" } } } }"#)
        == "returned actions[1].run[2] that is not UTF-8 text")
  }

  @Test func aMetatableCannotFeedTheList() throws {
    // The list is read raw: an __index that would make up entries is not consulted.
    let made = try outcome(
      returning:
        #"{ actions = setmetatable({}, { __index = function() return { run = { "rm" } } end, __len = function() return 3 end }) }"#
    )
    #expect(made == .nothing)
  }

  @Test func aMalformedEncodingFromTheWorkerIsRefused() throws {
    // As a compromised worker could send them: a NUL, a count past the cap, a short buffer.
    let nul: [UInt8] = [0, 0, 1, 3, 0, 0x61, 0, 0x62]
    let many: [UInt8] = [0, 0, 65] + Array(repeating: 0, count: 130)
    let short: [UInt8] = [1, 10, 0x35]
    for bytes in [nul, many, short, [], [7, 0, 1, 1, 0, 0x61]] {
      #expect(throws: WorkerReply.Malformed.self) { try RawAction.decode(bytes[...]) }
    }
    #expect(
      try RawAction.decode([1, 2, 0x35, 0x73, 1, 2, 0, 0x6C, 0x73][...])
        == [RawAction(timeout: .text("5s"), arguments: [Array("ls".utf8)])])
  }
}
