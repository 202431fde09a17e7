import CadenceCore
import CadenceOutput
import CadenceRuntime
import CadenceStore
import CadenceSystem
import CadenceTerminal
import CadenceText
import FoundationEssentials

/// The timer's full-screen view (CadenceTerminal's) drives it: its countdowns, recorded here,
/// and its settings, stored here.
extension StudyTimer: TimerScreenSession {
  public var console: Console { context.console }

  public var settings: TimerSettings {
    get { TimerSettings(volume: options.volume, sound: options.sound, style: options.style) }
    set {
      options.volume = newValue.volume
      options.sound = newValue.sound
      options.style = newValue.style
    }
  }

  public mutating func countOnScreen(_ length: Int64, screen: CountdownScreen.State) throws
    -> CountdownEnd
  {
    try count(length, screen: screen).end
  }

  public func keep(_ key: String, _ value: String) -> Result<String, TimerSettings.Refusal> {
    Self.keep(key, value, in: store)
  }

  /// Stores the setting `key` (from the settings page) as `value`, normalised as `config set`
  /// stores it; the value stored, or why not.
  static func keep(_ key: String, _ value: String, in store: Store)
    -> Result<String, TimerSettings.Refusal>
  {
    guard let setting = SettingKey(rawValue: key) else {
      return .failure(TimerSettings.Refusal(sentence: "\(key) is not a setting"))
    }
    switch setting.normalised(value) {
    case .failure(let refusal): return .failure(TimerSettings.Refusal(sentence: refusal.sentence))
    case .success(let stored):
      do {
        try store.writable().setSetting(setting.rawValue, stored)
      } catch {
        return .failure(TimerSettings.Refusal(sentence: error.description))
      }
      return .success(stored)
    }
  }
}
