import CadenceCore
import CadenceStore
import CadenceText
import FoundationEssentials

/// The reading of a `history --json` export (`cadence history import`): its sessions, each held
/// to what Cadence itself can record, or the first problem with the session and line it is on.
public enum SessionImport {
  /// Why a file cannot be imported: one clause, naming the session and its line.
  public struct Problem: Error {
    public var sentence: String
  }

  /// The largest file read: a session exported is at most a few kilobytes (its note is the
  /// longest part), so this holds far more than a lifetime of sessions.
  public static let maximumSize = 256 << 20

  /// The sessions in a `history --json` array, each checked against what Cadence can record;
  /// the first that is not is the problem, with its number and line.
  public static func parse(_ bytes: [UInt8], now: Date) throws(Problem) -> [SessionRecord] {
    var reader = JSONReader(bytes)
    func notJSON(_ failure: JSONReader.Failure) -> Problem {
      Problem(
        sentence:
          "line \(failure.line): \(failure.what), so it is not JSON as history --json prints")
    }
    guard reader.take(UInt8(ascii: "[")) else {
      throw Problem(sentence: "is not a JSON array of sessions as history --json prints")
    }
    var sessions: [SessionRecord] = []
    if reader.take(UInt8(ascii: "]")) {
      guard reader.isAtEnd() else { throw notJSON(reader.fail("text follows the array")) }
      return sessions
    }
    repeat {
      let number = sessions.count + 1
      let item: JSONValue
      let line: Int
      do throws(JSONReader.Failure) {
        _ = reader.isAtEnd()
        line = reader.line
        item = try reader.value(depth: 1)
      } catch {
        throw notJSON(error)
      }
      do throws(SessionFields.Refusal) {
        sessions.append(try SessionFields(item).session(now: now))
      } catch {
        throw Problem(sentence: "line \(line), session \(number): \(error.clause)")
      }
    } while reader.take(UInt8(ascii: ","))
    guard reader.take(UInt8(ascii: "]")) else {
      throw notJSON(reader.fail("the array of sessions is missing a , or ]"))
    }
    guard reader.isAtEnd() else { throw notJSON(reader.fail("text follows the array")) }
    return sessions
  }

  /// A UUID made from what identifies a session (its kind, name and times), for sessions
  /// exported without one.
  static func derivedUUID(_ session: SessionRecord) -> String {
    let key = [
      session.kind.rawValue, session.routine ?? "", session.task ?? "",
      Timestamp.string(session.startedAt), Timestamp.string(session.endedAt),
    ].joined(separator: "\u{1F}")
    var first: UInt64 = 0xcbf2_9ce4_8422_2325
    var second: UInt64 = 0x8422_2325_cbf2_9ce4
    for byte in key.utf8 {
      first = (first ^ UInt64(byte)) &* 0x100_0000_01b3
      second = (second ^ UInt64(byte)) &* 0x100_0000_01b3 &+ 0x9e37_79b9
    }
    let hex =
      NumberText.zeroPadded(first, width: 16, radix: 16)
      + NumberText.zeroPadded(second, width: 16, radix: 16)
    let characters = Array(hex)
    func part(_ range: Range<Int>) -> String { String(characters[range]) }
    return
      "\(part(0..<8))-\(part(8..<12))-5\(part(13..<16))-a\(part(17..<20))-\(part(20..<32))"
  }
}
