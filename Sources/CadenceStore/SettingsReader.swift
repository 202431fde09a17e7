/// Reads the stored settings for commands that only use them as defaults: a database that
/// cannot be read yields none (the command that records will say why).
public enum SettingsReader {
  public static func read(flag: String?, environment: [String: String]) -> [String: String] {
    let path = Store.defaultPath(flag: flag, environment: environment)
    guard let store = try? Store(path: path, readOnly: true),
      let pairs = try? store.settings()
    else { return [:] }
    return Dictionary(pairs.map { ($0.key, $0.value) }) { $1 }
  }
}
