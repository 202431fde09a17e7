import CadenceCore
import CadenceStore
import CadenceSystem
import CadenceText

extension SettingKey {
  /// The setting a user names (in any case), or the refusal that lists the settings.
  public static func named(_ word: String) throws(RuleRefusal) -> SettingKey {
    guard let key = SettingKey(rawValue: word.lowercased()) else {
      let names = allCases.map(\.rawValue).joined(separator: ", ")
      throw RuleRefusal(
        sentence: "\(QuotedText.quote(word)) is not a setting; the settings are \(names)")
    }
    return key
  }
}

extension SettingKey.Refusal {
  /// Prints the refusal and gives its status: a file that is not there as the sentence alone
  /// (it starts with the path) and 66, as for any missing file; a malformed value as a
  /// refusal of the command line, with `usage` (64).
  public func report(to console: Console, usage: String) -> ExitCode {
    guard isMissingFile else {
      return CommandRefusal(sentence: sentence).report(to: console, usage: usage)
    }
    console.problem(sentence)
    return .noInput
  }
}

extension Store {
  /// Sets `key` to `value` (``SettingKey/normalised(_:)``'s), creating the database if need
  /// be; an island or a pet must be the user's (``show(_:_:)``, 65).
  public func set(_ key: SettingKey, _ value: String) throws {
    if let kind = Shop.Kind(rawValue: key.rawValue) {
      try show(kind, value)
    } else {
      try writable().setSetting(key.rawValue, value)
    }
  }

  /// Puts `key` back to its default; with no database every setting is at its default.
  public func reset(_ key: SettingKey) throws(StoreError) {
    if !isStandIn { try setSetting(key.rawValue, nil) }
  }
}
