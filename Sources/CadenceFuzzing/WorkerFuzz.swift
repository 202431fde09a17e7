import CadenceCore
import CadenceLua

/// A reply from the Lua worker of arbitrary bytes: the first byte is the frame's kind, the
/// second how many hook calls the request carried, the rest the payload. Cadence must refuse
/// it or read it within every cap (never crash, never hang, never read deeper than 64 levels or
/// a string past its cap), whatever a compromised worker sends.
enum WorkerFuzz {
  static func check(_ bytes: [UInt8]) -> [String] {
    guard bytes.count >= 2 else { return [] }
    let calls = Int(bytes[1])
    let reply: WorkerReply
    do {
      reply = try WorkerReply.decode(
        kind: bytes[0], payload: Array(bytes.dropFirst(2)), calls: calls)
    } catch {
      return error.reason.isEmpty ? ["a refusal without a reason"] : []
    }
    var broken: [String] = []
    switch reply {
    case .loaded(let output, _, let value):
      if output.utf8.count > 16_384 * 3 { broken.append("print output past its cap") }
      if let value, depth(of: value) > 65 { broken.append("a table deeper than 64 levels") }
    case .loadFailed(_, _, _, let message):
      // A byte that is not UTF-8 reads as three; the cap is on bytes sent.
      if message.utf8.count > 2048 * 3 { broken.append("an error text past its cap") }
    case .hooks(let outcomes):
      if outcomes.count != calls { broken.append("\(outcomes.count) outcomes for \(calls) calls") }
      for outcome in outcomes where (outcome.message?.utf8.count ?? 0) > 4096 * 3 {
        broken.append("a message past its cap")
      }
      for actions in outcomes.compactMap(\.actions) {
        if actions.isEmpty || actions.count > RawAction.maximumCount {
          broken.append("\(actions.count) actions in one outcome")
        }
        for action in actions
        where action.arguments.isEmpty || action.arguments.count > RawAction.maximumArguments
          || action.arguments.contains(where: { $0.contains(0) }) || action.arguments[0].isEmpty
        {
          broken.append("an action with an empty program, a NUL or too many arguments")
        }
      }
    case .tooComplex:
      break
    }
    return broken
  }

  private static func depth(of value: ScriptValue) -> Int {
    guard case .table(let table) = value else { return 0 }
    return 1 + (table.entries.map { depth(of: $0.value) }.max() ?? 0)
  }
}
