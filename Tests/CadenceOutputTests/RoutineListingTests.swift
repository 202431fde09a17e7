import CadenceStore
import Testing

@testable import CadenceOutput

/// `cadence list`'s table: its columns in line on a terminal whatever the names hold, wide
/// characters (two columns each) and escapes (as wide as their characters) among them.
@Suite struct RoutineListingTests {
  static func row(_ name: String, tags: [String] = [], description: String? = nil)
    -> RoutineListing.Row
  {
    RoutineListing.Row(
      entry: RoutineLibrary.Entry(name: name, source: .config, path: "/r/x.lua"), length: 90_000,
      tags: tags, description: description)
  }

  @Test func wideAndHostileNamesKeepTheColumnsInLine() {
    let table = RoutineListing.table([
      Self.row("茶道", tags: ["お茶"], description: "tea"),
      Self.row("🏋️ gym", tags: ["💪"]),
      Self.row("a\u{1B}[2J\u{200B}b", tags: ["x"], description: "\u{202E}evil"),
      Self.row("plain"),
    ])
    // 茶道 is four columns, 🏋️ two, `\u{1B}` six and `\u{200B}` eight: the widest name is
    // the hostile one, 1 + 6 + 3 + 8 + 1 = 19 columns.
    let expected = """
      NAME                 SOURCE  LENGTH  TAGS  DESCRIPTION
      茶道                 config  1m30s   お茶  tea
      🏋️ gym               config  1m30s   💪
      a\\u{1B}[2J\\u{200B}b  config  1m30s   x     \\u{202E}evil
      plain                config  1m30s

      """
    #expect(table == expected, "\(table)")
  }
}
