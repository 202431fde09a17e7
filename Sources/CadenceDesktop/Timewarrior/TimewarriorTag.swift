import CadenceText

/// A name (a routine's, a task's, a goal's, a tag) as one argument of `timew track` that
/// Timewarrior takes as a tag and nothing else.
///
/// timew reads its command line word by word (CLI.cpp in Timewarrior 1.4): a word starting
/// `rc.` is a setting (`rc.confirmation=on`), `dom.` a DOM reference, `@3` an interval's id,
/// `:yes` or any start of a hint (`:adj` is `:adjust`) a hint, `-h` or `--help` a request for
/// help; a word that is a date or a duration (`monday`, `tomorrow`, `123`, `1h`, `2026-11-01`,
/// `eom`, `weekly`), or one of `from`, `to`, `-`, `for`, `since`, `until`, `before`, `after`,
/// `ago`, is part of the range; and a word that is an extension's name or the start of one
/// (`day`, `su` for `summary`, and the user's own) is that extension. A tag made of several
/// words (with a space) is read as one tag, unless it starts `rc.` or `dom.`; the only quoting
/// timew has is the shell's, so a tag written `"123"` keeps its quotes.
///
/// So a name is passed as it is when timew reads it back as that name, and otherwise in
/// double quotes, which timew keeps: `"123"`, `":adjust"`, `"rc.confirmation=on"`, `"day"`.
/// Before that, what timew cannot store is changed: a control character or a line break is a
/// space, a backslash (which timew reads as an escape in some words and not in others) is a
/// slash, spaces at either end go (timew drops them), and a name longer than ``limit``
/// characters is cut with `…`. A name left empty is no tag.
public enum TimewarriorTag {
  /// The longest tag, in characters; a longer name is cut.
  public static let limit = 200

  /// The argument for `name`, or nil when nothing is left of it. `extensions` are the names of
  /// the user's Timewarrior extensions (files in its `extensions` folder), which timew would
  /// take a word for.
  public static func argument(_ name: String, extensions: [String] = []) -> String? {
    let cleaned = clean(name)
    guard !cleaned.isEmpty else { return nil }
    return isLiteral(cleaned, extensions: extensions) ? cleaned : "\"\(cleaned)\""
  }

  /// `name` as timew can store it: each character Cadence escapes on a terminal (controls,
  /// line breaks, bidirectional controls, invisible characters) as a space, backslashes as
  /// slashes, trimmed, cut at ``limit`` characters.
  public static func clean(_ name: String) -> String {
    var text = ""
    var count = 0
    for character in name {
      if count == limit {
        text += "…"
        break
      }
      count += 1
      if character == "\\" {
        text += "/"
      } else if !TerminalText.isInert(String(character)) {
        text += " "
      } else {
        text.append(character)
      }
    }
    return String(text.trimmingSpaces())
  }

  /// Whether timew reads `word` (already cleaned) as a tag of exactly that text.
  public static func isLiteral(_ word: String, extensions: [String] = []) -> Bool {
    let lower = word.lowercased()
    if lower.hasPrefix("rc.") || lower.hasPrefix("dom.") { return false }
    // Several words are one tag (timew's lexer sees more than one token).
    if word.contains(" ") { return true }
    // A single word must start with a letter (or anything beyond ASCII) and be none of the
    // words timew reads as something else; digits, `:`, `@`, `-`, `+` and quotes at its
    // start are all read otherwise somewhere (a number is a duration, `'a'` is a quoted word).
    guard let first = word.unicodeScalars.first,
      first.properties.isAlphabetic || !first.isASCII
    else { return false }
    // A letter followed by digits may be a date or a duration (`P1D`, `T10`, `W45`).
    if word.unicodeScalars.contains(where: { $0.isASCII && $0.properties.numericType != nil }),
      word.unicodeScalars.allSatisfy({ $0.isASCII })
    {
      return false
    }
    return !TimewarriorWords.isReserved(lower, extensions: extensions.map { $0.lowercased() })
  }
}

extension String {
  /// The text without spaces at either end.
  fileprivate func trimmingSpaces() -> Substring {
    let start = firstIndex { $0 != " " } ?? endIndex
    let end = lastIndex { $0 != " " }.map { index(after: $0) } ?? start
    return self[start..<max(start, end)]
  }
}
