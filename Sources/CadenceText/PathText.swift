/// File paths as text, taken apart and put together as Foundation's `NSString` path functions
/// did: a trailing slash does not make another component, and the root stays the root.
public enum PathText {
  /// The last component: `"/a/b.lua"` gives `"b.lua"`, `"/a/b/"` gives `"b"`, `"/"` gives `"/"`.
  public static func lastComponent(_ path: String) -> String {
    let trimmed = withoutTrailingSlashes(path)
    if trimmed == "/" || trimmed.isEmpty { return trimmed }
    guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
    return String(trimmed[trimmed.index(after: slash)...])
  }

  /// The path without its last component: `"/a/b"` gives `"/a"`, `"/a"` gives `"/"`, `"a"`
  /// gives `""`.
  public static func parent(_ path: String) -> String {
    let trimmed = withoutTrailingSlashes(path)
    if trimmed == "/" { return "/" }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    let head = withoutTrailingSlashes(String(trimmed[..<slash]))
    return head.isEmpty ? "/" : head
  }

  /// `component` added to `path` with one slash between: `"a/"` and `"b"` give `"a/b"`; to an
  /// empty path, `component` alone.
  public static func appending(_ component: String, to path: String) -> String {
    if path.isEmpty { return component }
    return withoutTrailingSlashes(path) == "/"
      ? "/" + component : withoutTrailingSlashes(path) + "/" + component
  }

  private static func withoutTrailingSlashes(_ path: String) -> String {
    var text = Substring(path)
    while text.count > 1, text.hasSuffix("/") { text.removeLast() }
    return String(text)
  }
}
