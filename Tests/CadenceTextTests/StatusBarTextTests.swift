import Testing

@testable import CadenceText

/// Each status bar's escaper gives back, through that bar's own reading, exactly the text it
/// was given: tmux's two steps (expansion, then drawing), Pango markup and polybar's tags.
/// The end-to-end tests (StatusBarTests) check the same through a real tmux server and the
/// real Pango parser.
@Suite struct StatusBarTextTests {
  /// Names a stranger could give a routine, a step or a task.
  static let names = [
    "#{m/r:(((a*)*)*)b,aaaaaaaaaaaaaaaaaaaaaaaaaaaaaac}", "#[fg=red]x", "##[bg=blue]", "#",
    "##", "###", "a#", "#a", "#(touch x)", "#{", "#}", "#,", "x ##y", "#S #D #{session_name}",
    "#[", "[#]", "Push & Pull", "<span foreground=\"red\">x</span>", "&amp; &#0; &bogus;",
    "'quoted' \"and\" <b>", "%{F#f00}red%{F-}", "%{A1:touch x:}click%{A}", "%%{B#00f}", "50%",
    "%", "%%", "100%{", "{percent}%", Hostile.text, "Übung · 休憩 🏋️‍♀️",
  ]

  @Test func tmuxWritesARunOfHashesTwiceBeforeABracketAndFourTimesAnywhereElse() {
    #expect(TmuxText.line("Gym") == "Gym")
    #expect(TmuxText.line("#") == "####")
    #expect(TmuxText.line("a#b") == "a####b")
    #expect(TmuxText.line("##y") == "########y")
    #expect(TmuxText.line("#[fg=red]x") == "##[fg=red]x")
    #expect(TmuxText.line("##[x") == "####[x")
    #expect(TmuxText.line("#{m/r:a,b}") == "####{m/r:a,b}")
    #expect(TmuxText.line("50% %H") == "50% %H")
    #expect(TmuxText.line("a\nb#\u{1B}") == "a\\nb####\\u{1B}")
  }

  /// What tmux shows of `text` printed by a `#(...)` and followed in the option by `after`:
  /// tmux 3.x's `format_expand1` on the command's output, then `format_draw` on the line
  /// (`#[...]` styles are dropped here, as they draw nothing). Written after tmux's source
  /// (format.c and format-draw.c), and checked against a real server by the end-to-end tests.
  static func tmuxShows(_ output: String, after: String = "") -> String {
    var expanded: [Character] = []
    var text = Array(output)
    var index = 0
    expansion: while index < text.count {
      guard text[index] == "#" else {
        expanded.append(text[index])
        index += 1
        continue
      }
      guard index + 1 < text.count else { break }
      let next = text[index + 1]
      switch next {
      case "#":
        var end = index + 1
        while end < text.count, text[end] == "#" { end += 1 }
        if end < text.count, text[end] == "[" {
          expanded += text[index...end]
          index = end + 1
        } else {
          expanded.append("#")
          index += 2
        }
      case "}", ",":
        expanded.append(next)
        index += 2
      case "{", "(", "[":
        // A format, a command or a style: what this escaping must never leave.
        Issue.record("tmux would read \(String(text[index...])) as markup")
        break expansion
      default:
        expanded += ["#", next]
        index += 2
      }
    }
    text = expanded + Array(after)
    var shown = ""
    index = 0
    while index < text.count {
      if text[index] == "#", index + 1 < text.count, text[index + 1] != "[" {
        var end = index
        while end < text.count, text[end] == "#" { end += 1 }
        let run = end - index
        if end < text.count, text[end] == "[" {
          shown += String(repeating: "#", count: run / 2)
          if run % 2 == 0 {
            shown += "["
            index = end + 1
          } else {
            index = end - 1
          }
        } else {
          shown += String(repeating: "#", count: (run + 1) / 2)
          index = end
        }
        continue
      }
      if text[index] == "#", index + 1 < text.count, text[index + 1] == "[" {
        index = (text[index...].firstIndex(of: "]") ?? text.count - 1) + 1
        continue
      }
      shown.append(text[index])
      index += 1
    }
    return shown
  }

  @Test(arguments: names)
  func tmuxShowsEveryNameAsItIsAndAStyleAfterItStillApplies(name: String) {
    let line = TmuxText.line(name)
    #expect(Self.tmuxShows(line) == TerminalText.line(name))
    // A style after the output in the option is still a style, whatever the name ends in.
    #expect(Self.tmuxShows(line, after: "#[fg=red]|") == TerminalText.line(name) + "|")
    #expect(Self.tmuxShows(line, after: "[x]") == TerminalText.line(name) + "[x]")
  }

  @Test func pangoWritesTheFiveMarkupCharactersAsEntities() {
    #expect(PangoText.line("Push & Pull") == "Push &amp; Pull")
    #expect(
      PangoText.line("<span foreground=\"red\">'x'</span>")
        == "&lt;span foreground=&quot;red&quot;&gt;&apos;x&apos;&lt;/span&gt;")
    #expect(PangoText.line("a\nb\u{1B}") == "a\\nb\\u{1B}")
    #expect(PangoText.block("a & b\nc <d>") == "a &amp; b\nc &lt;d&gt;")
  }

  @Test func polybarBreaksEveryTagOpeningAndATrailingPercent() {
    let space = "\u{200B}"
    #expect(PolybarText.line("50% done") == "50% done")
    #expect(PolybarText.line("%{F#f00}x") == "%\(space){F#f00}x")
    #expect(PolybarText.line("%%{A1:x:}") == "%%\(space){A1:x:}")
    #expect(PolybarText.line("100%") == "100%\(space)")
    #expect(PolybarText.line("a\n%{") == "a\\n%\(space){")
  }

  /// polybar's tag parser (src/tags/parser.cpp): a tag opens at every `%{`, and nothing
  /// escapes one (a version that reads `%%` as `%` is checked too).
  @Test(arguments: names, [false, true])
  func polybarOpensNoTagInAnyNameNorWithWhatFollows(name: String, percentEscapes: Bool) {
    for after in ["", "{F-}", "%{F-}"] {
      let scalars = Array((PolybarText.line(name) + after).unicodeScalars)
      var index = 0
      var opened: [Int] = []
      while index + 1 < scalars.count {
        if percentEscapes, scalars[index] == "%", scalars[index + 1] == "%" {
          index += 2
          continue
        }
        if scalars[index] == "%", scalars[index + 1] == "{" { opened.append(index) }
        index += 1
      }
      let allowed = after == "%{F-}" ? [scalars.count - after.unicodeScalars.count] : []
      #expect(opened == allowed, "\(name) followed by \(after)")
    }
  }
}
