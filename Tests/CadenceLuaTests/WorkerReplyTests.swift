import CadenceCore
import Foundation
import Testing

@testable import CadenceLua

/// Replies from the Lua worker are read trusting nothing: every length is checked against the
/// bytes there are and against its cap, before anything is allocated for it.
@Suite struct WorkerReplyTests {
  func u32(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }
  func i64(_ value: Int64) -> [UInt8] {
    (0..<8).map { UInt8(truncatingIfNeeded: UInt64(bitPattern: value) >> (8 * $0)) }
  }
  func text(_ value: String) -> [UInt8] { u32(UInt32(value.utf8.count)) + Array(value.utf8) }

  /// A load reply: no print output, then `tree`.
  func loaded(_ tree: [UInt8]) -> [UInt8] { [0] + text("") + tree }

  @Test func aWellFormedTreeReadsBack() throws {
    let tree: [UInt8] =
      [6] + u32(3) + [1] + text("name") + [5] + text("Gym") + [2] + i64(1) + [4]
      + i64(Int64(bitPattern: 2.5.bitPattern)) + [3, 2] + [7]
    let reply = try WorkerReply.decode(kind: 1, payload: loaded(tree))
    #expect(
      reply
        == .loaded(
          output: "", truncated: false,
          value: .table(
            ScriptTable([
              (.name("name"), .string("Gym")), (.index(1), .number(2.5)),
              (.other("true"), .function),
            ]))))
  }

  @Test func aTableClaimingMoreEntriesThanItsBytesIsRefusedAtOnce() {
    let reply = {
      try WorkerReply.decode(kind: 1, payload: self.loaded([6] + self.u32(1_000_000_000)))
    }
    #expect(throws: WorkerReply.Malformed.self) { try reply() }
  }

  @Test func nestingPastTheLimitIsRefused() {
    let deep = Array(repeating: [6] + u32(1) + [2] + i64(1), count: 100).joined() + [0]
    #expect(throws: WorkerReply.Malformed.self) {
      try WorkerReply.decode(kind: 1, payload: loaded(Array(deep)))
    }
  }

  @Test func aStringRunningPastTheReplyIsRefused() {
    #expect(throws: WorkerReply.Malformed.self) {
      try WorkerReply.decode(kind: 1, payload: loaded([5] + u32(0xFFFF_FFF0) + [65]))
    }
  }

  @Test func aHookMessageOverItsCapIsRefused() {
    let long = String(repeating: "x", count: WorkerProtocol.messageLimit + 1)
    let absent = u32(0xFFFF_FFFF)
    let payload = u32(1) + [0, 0] + text(long) + absent + absent + absent + absent
    #expect(throws: WorkerReply.Malformed.self) {
      try WorkerReply.decode(kind: 4, payload: payload, calls: 1)
    }
  }

  @Test func theNumberOfOutcomesMustMatchTheCalls() {
    #expect(throws: WorkerReply.Malformed.self) {
      try WorkerReply.decode(kind: 4, payload: u32(2), calls: 1)
    }
  }

  @Test func unknownKindsTagsAndLeftoverBytesAreRefused() {
    #expect(throws: WorkerReply.Malformed.self) { try WorkerReply.decode(kind: 9, payload: []) }
    #expect(throws: WorkerReply.Malformed.self) {
      try WorkerReply.decode(kind: 1, payload: loaded([42]))
    }
    #expect(throws: WorkerReply.Malformed.self) {
      try WorkerReply.decode(kind: 3, payload: [1, 0])
    }
  }

  @Test func theCorpusSeedsOfHookRepliesReadAsReplies() throws {
    let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fuzz/corpus/worker")
    for name in ["hooks-one", "hooks-two", "hooks-garbage", "hooks-actions"] {
      let bytes = try [UInt8](Data(contentsOf: corpus.appendingPathComponent(name)))
      let reply = try WorkerReply.decode(
        kind: bytes[0], payload: Array(bytes.dropFirst(2)), calls: Int(bytes[1]))
      guard case .hooks(let outcomes) = reply else {
        Issue.record("\(name) is not a hooks reply")
        continue
      }
      if name == "hooks-actions" {
        #expect(
          outcomes.first?.actions == [
            RawAction(
              timeout: .text("250ms"), arguments: [Array("notify-send".utf8), Array("Done".utf8)]),
            RawAction(timeout: .none, arguments: [Array("/bin/true".utf8)]),
          ])
      }
    }
  }
}
