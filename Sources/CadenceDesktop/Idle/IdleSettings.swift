import CadenceCore
import CadenceText

/// How a focus watches for its person going away: the `idle`, `idle.return` and
/// `idle.command` settings.
public struct IdleSettings: Sendable, Equatable {
  /// How long the person is idle before the focus pauses itself.
  public var threshold: Duration
  /// What becomes of the idle time on return when nobody can be asked.
  public var onReturn: IdleReturn
  /// The user's own command printing idle milliseconds (`idle.command`), split into words.
  public var command: [String]?

  /// The shortest and longest thresholds `idle` takes: less than a minute without a key
  /// pressed is reading, not being away.
  public static let minimum: Int64 = 60_000
  public static let maximum: Int64 = 12 * 3_600_000

  public init(threshold: Duration, onReturn: IdleReturn = .discard, command: [String]? = nil) {
    self.threshold = threshold
    self.onReturn = onReturn
    self.command = command
  }

  /// The settings as stored (`idle`, `idle.return`, and `idle.command` already split into
  /// words); nil when `idle` is off or not set. In a debug build, `CADENCE_TEST_IDLE_MS` in
  /// `environment` makes the threshold that many milliseconds, for the tests.
  public init?(
    idle: String?, onReturn: String?, command: [String]?, environment: [String: String]
  ) {
    guard let idle, idle != "off", var milliseconds = try? DurationText.parse(idle),
      milliseconds > 0
    else { return nil }
    #if DEBUG
      if let test = environment["CADENCE_TEST_IDLE_MS"].flatMap({ Int64($0) }), test > 0 {
        milliseconds = test
      }
    #endif
    self.init(
      threshold: .milliseconds(milliseconds),
      onReturn: onReturn.flatMap(IdleReturn.init(rawValue:)) ?? .discard,
      command: command.flatMap { $0.isEmpty ? nil : $0 })
  }

  /// `config set idle VALUE` as stored: `off`, or a length from 1m to 12h written as Cadence
  /// writes lengths; otherwise the sentence saying why not.
  public static func normalised(_ value: String) -> Result<String, IdleSettingRefusal> {
    let lowered = value.lowercased()
    if ["off", "no", "false"].contains(lowered) { return .success("off") }
    guard let milliseconds = try? DurationText.parse(value), milliseconds >= minimum,
      milliseconds <= maximum
    else {
      return .failure(
        IdleSettingRefusal(
          sentence:
            "idle takes off or a length from 1m to 12h, such as 5m, not \(QuotedText.quote(value))"
        ))
    }
    return .success(DurationText.format(milliseconds))
  }

  /// `config set idle.return VALUE` as stored: keep or discard.
  public static func normalisedReturn(_ value: String) -> Result<String, IdleSettingRefusal> {
    guard let chosen = IdleReturn(rawValue: value.lowercased()) else {
      return .failure(
        IdleSettingRefusal(
          sentence: "idle.return takes keep or discard, not \(QuotedText.quote(value))"))
    }
    return .success(chosen.rawValue)
  }
}

/// Why an idle setting's value is not acceptable: one sentence.
public struct IdleSettingRefusal: Error, Sendable, Equatable {
  public var sentence: String
}
