import CadenceSystem

/// Programs a test writes and then runs: stand-ins for tools, a user's commands.
public enum ExecutableScript {
  /// Writes `text` to `path` as a program that may be run: through a descriptor that closes on
  /// exec, then a rename. Written through one that did not, the file could be held open for
  /// writing by a program another test started meanwhile, and running it then fails with "Text
  /// file busy" (the suite did, once, under load).
  public static func write(_ text: String, to path: String) throws {
    try PrivateFiles.replace(path, with: Array(text.utf8), mode: 0o755).get()
  }
}
