import CadenceCore
import CadenceDesktop
import CadenceText
import FoundationEssentials

/// A request on a run's control socket: one JSON object on one line, such as
/// `{"v":1,"cmd":"status"}` or `{"v":1,"cmd":"adjust","ms":60000}`.
public enum ControlRequest: Sendable, Equatable {
  /// The protocol version this Cadence speaks.
  public static let version = 1
  /// The longest request line accepted, in bytes.
  public static let maximumLength = 4096

  case status
  /// Asks the run to act.
  case command(EngineCommand)
  /// Answers the question about idle time a focus puts to its views on the person's return:
  /// keep the time away as focus, or discard it.
  case idleReturn(IdleReturn)
  /// Streams the run to a view: its schedule and state, then every update, until either end
  /// closes. A view that `answers` (`cadence attach`) is one the run's question about idle
  /// time can be put to; a follower (a status bar) or a script is not, and with nothing else
  /// watching, the run applies its `idle.return` setting.
  case watch(answers: Bool)

  /// The request's line, to send.
  public var line: String {
    switch self {
    case .status: return #"{"v":1,"cmd":"status"}"#
    case .watch(let answers):
      return answers ? #"{"v":1,"cmd":"watch","answers":true}"# : #"{"v":1,"cmd":"watch"}"#
    case .idleReturn(let choice):
      return #"{"v":1,"cmd":"idle-return","choice":"\#(choice.rawValue)"}"#
    case .command(let command):
      switch command {
      case .togglePause: return #"{"v":1,"cmd":"toggle"}"#
      case .pause: return #"{"v":1,"cmd":"pause"}"#
      case .resume: return #"{"v":1,"cmd":"resume"}"#
      case .skip: return #"{"v":1,"cmd":"skip"}"#
      case .complete: return #"{"v":1,"cmd":"complete"}"#
      case .stop: return #"{"v":1,"cmd":"stop"}"#
      case .adjust(let amount): return #"{"v":1,"cmd":"adjust","ms":\#(amount)}"#
      // The idle watch's own, in the process that counts: the socket does not take them.
      case .pauseBackdated(let amount): return #"{"v":1,"cmd":"idle-pause","ms":\#(amount)}"#
      case .credit(let amount): return #"{"v":1,"cmd":"credit","ms":\#(amount)}"#
      }
    }
  }

  private struct Wire: Decodable {
    var v: Int?
    var cmd: String?
    var ms: Int64?
    var choice: String?
    /// Whether a watching view answers questions: nil when absent (or null).
    var answers: Bool?
    /// False when `answers` is there but not true or false.
    var answersReadable = true

    enum CodingKeys: String, CodingKey {
      case v, cmd, ms, choice, answers
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      v = try container.decodeIfPresent(Int.self, forKey: .v)
      cmd = try container.decodeIfPresent(String.self, forKey: .cmd)
      ms = try container.decodeIfPresent(Int64.self, forKey: .ms)
      choice = try container.decodeIfPresent(String.self, forKey: .choice)
      if container.contains(.answers), (try? container.decodeNil(forKey: .answers)) != true {
        answers = try? container.decode(Bool.self, forKey: .answers)
        answersReadable = answers != nil
      }
    }
  }

  /// Reads one request line (without its line feed); the error is a sentence for the reply.
  public static func parse(_ bytes: [UInt8]) -> Result<ControlRequest, ControlError> {
    guard bytes.count <= maximumLength else {
      return .failure(ControlError("the request is longer than \(maximumLength) bytes"))
    }
    guard let wire = try? JSONDecoder().decode(Wire.self, from: Data(bytes)) else {
      return .failure(ControlError("the request is not a JSON object"))
    }
    guard let version = wire.v else {
      return .failure(ControlError("the request has no protocol version (\"v\":1)"))
    }
    guard version == Self.version else {
      return .failure(
        ControlError("protocol version \(version) is not spoken here; this Cadence speaks 1"))
    }
    switch wire.cmd {
    case "status": return .success(.status)
    case "watch":
      // An older client's watch has no "answers": it is not asked.
      guard wire.answersReadable else {
        return .failure(ControlError("watch's \"answers\" takes true or false"))
      }
      return .success(.watch(answers: wire.answers ?? false))
    case "toggle": return .success(.command(.togglePause))
    case "pause": return .success(.command(.pause))
    case "resume": return .success(.command(.resume))
    case "skip": return .success(.command(.skip))
    case "complete": return .success(.command(.complete))
    case "stop": return .success(.command(.stop))
    case "idle-return":
      guard let choice = wire.choice.flatMap(IdleReturn.init(rawValue:)) else {
        return .failure(ControlError("idle-return needs \"choice\", keep or discard"))
      }
      return .success(.idleReturn(choice))
    case "adjust":
      // `magnitude`, not `abs`: the absolute value of the least Int64 does not fit in one.
      guard let amount = wire.ms, amount != 0, amount.magnitude <= DurationText.maximum.magnitude
      else {
        return .failure(ControlError("adjust needs \"ms\", a non-zero number of milliseconds"))
      }
      return .success(.command(.adjust(amount)))
    case nil:
      return .failure(ControlError("the request has no \"cmd\""))
    case .some(let other):
      return .failure(
        ControlError(
          "\(QuotedText.quote(other, limit: 40)) is not a command; use status, watch, toggle, pause, resume, skip, complete, stop or adjust"
        ))
    }
  }
}
