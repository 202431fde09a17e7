import CadenceTestSupport
import Foundation
import Testing

@testable import CadenceStore

/// An import earns each added session's coins exactly as a run records them: the same time,
/// amount and reason (hostile task names too), once a session, none for a session already
/// here; both when the ids have room (one statement at the end) and when they do not.
@Suite struct MergeCoinsTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder("merge-coins").created() }

  let start = Date(timeIntervalSince1970: 1_800_000_000)

  func session(_ index: Int, task: String?, routine: String?, coins: Int) -> SessionRecord {
    SessionRecord(
      uuid: "00000000-0000-4000-8000-\(String(repeating: "0", count: 11))\(index % 10)",
      kind: index.isMultiple(of: 2) ? .focus : .routine, routine: routine, task: task, goal: nil,
      tags: [], startedAt: start.addingTimeInterval(Double(index * 600)),
      endedAt: start.addingTimeInterval(Double(index * 600 + 300) + 0.5),
      plannedMilliseconds: 300_000, activeMilliseconds: 300_000, outcome: .completed,
      coins: coins)
  }

  var sessions: [SessionRecord] {
    [
      session(1, task: "Essay", routine: nil, coins: 5),
      session(2, task: nil, routine: "Gym circuit", coins: 7),
      session(3, task: nil, routine: nil, coins: 1),
      session(4, task: "", routine: "Tabata", coins: 2),
      session(5, task: "a\u{0}b \u{1B}[2J 📝 \u{202E}x", routine: "R", coins: 3),
      session(6, task: "Essay", routine: nil, coins: 0),
      session(7, task: "Already here", routine: nil, coins: 9),
      // The first session again: added once, its coins earned once.
      session(1, task: "Essay", routine: nil, coins: 5),
    ]
  }

  /// The coin transactions a run would have recorded for `sessions`.
  func recorded(_ sessions: [SessionRecord]) -> [CoinTransaction] {
    sessions.filter { $0.coins > 0 }.map {
      CoinTransaction(
        at: $0.endedAt, kind: .earn, amount: Int64($0.coins),
        reason: CoinTransaction.reason(for: $0), sessionUUID: $0.uuid)
    }
  }

  func check(lastID: Int64?) throws {
    let store = try Store(path: folder.path("\(lastID ?? 0).db"))
    let here = sessions[6]
    #expect(try store.sessionTable.merge([here]) == 1)
    if let lastID {
      try store.database.run("UPDATE sessions SET id = ?1", [.integer(lastID)])
    }
    #expect(try store.sessionTable.merge(sessions) == 6)
    let transactions = try store.coins.transactions().map {
      var transaction = $0
      transaction.id = nil
      return transaction
    }
    #expect(transactions == recorded([here] + sessions[0..<6]))
    #expect(try store.coins.balance() == 9 + 5 + 7 + 1 + 2 + 3)
  }

  @Test func earnedAtTheEndWhenTheIdsHaveRoom() throws { try check(lastID: nil) }

  @Test func earnedOneByOneWhenTheIdsRunOut() throws { try check(lastID: Int64.max - 3) }
}
