/// Text from a routine, a hook, the command line or a database, made safe to write to a
/// terminal: every character that could drive the terminal, reorder what is shown or hide
/// text in it is written as a visible escape instead.
///
/// Escaped: the C0 controls (NUL to US, ESC among them), DEL, the C1 controls (U+0080 to
/// U+009F, where U+009B is a one-character CSI), the line and paragraph separators, the
/// bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F, U+202A to
/// U+202E, U+2066 to U+2069), and the characters a terminal shows as nothing, which can hide
/// text or make two names look alike: every format character (Unicode's category Cf: the
/// zero-width space U+200B, the word joiner U+2060, the invisible operators U+2061 to U+2064,
/// the byte-order mark U+FEFF, the soft hyphen U+00AD, the tag characters U+E0000 to U+E007F
/// and the rest) and every other character Unicode says to show as nothing when it cannot be
/// shown otherwise (variation selectors, the Hangul fillers, the combining grapheme joiner).
/// A few of those are kept where they do show, so that emoji and scripts that need them
/// render: a zero-width joiner (U+200D) between two emoji (a family, a profession), a joiner
/// or non-joiner (U+200C) between two letters of a script whose letters it joins or parts
/// (Arabic, the Indic scripts and their neighbours), a single variation selector after a
/// character that is not ASCII (or after a digit, `#` or `*` of a keycap), and the tag
/// characters of a subdivision flag (U+1F3F4 and a code such as `gbsct`, then U+E007F).
///
/// Line feed, carriage return and tab are written as `\n`, `\r` and `\t`; every other escaped
/// character as `\u{1B}`, its code point in hexadecimal. A backslash is left alone, so text
/// that contains a written `\u{1B}` reads the same as an escaped one but can do nothing.
public enum TerminalText {
  /// `text` as one line: every unsafe character escaped, line breaks and tabs among them.
  public static func line(_ text: String) -> String {
    // Printable ASCII, most text, is safe as it is: no need to look at each scalar.
    if isPrintableASCII(text) { return text }
    var body = ""
    body.reserveCapacity(text.utf8.count)
    forEachScalar(of: text) { scalar, escaped in
      append(scalar, escaped: escaped, to: &body, keepingLayout: false)
      return true
    }
    return body
  }

  /// `text` as lines: like ``line(_:)``, but line feeds and tabs are kept as they are. A
  /// carriage return is still escaped, since it would let text overwrite what came before.
  public static func block(_ text: String) -> String {
    var body = ""
    body.reserveCapacity(text.utf8.count)
    forEachScalar(of: text) { scalar, escaped in
      append(scalar, escaped: escaped, to: &body, keepingLayout: true)
      return true
    }
    return body
  }

  /// Whether every byte of `text` is printable ASCII (space to `~`), which no sink escapes
  /// as a terminal would act on it.
  public static func isPrintableASCII(_ text: String) -> Bool {
    text.utf8.allSatisfy(isPrintableASCII)
  }

  /// Whether every one of `bytes` is printable ASCII (space to `~`).
  public static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.allSatisfy(isPrintableASCII)
  }

  /// Whether `byte` is printable ASCII (space to `~`).
  @inline(__always) public static func isPrintableASCII(_ byte: UInt8) -> Bool {
    byte &- 0x20 < 0x5F
  }

  /// Whether ``line(_:)`` writes `text` as it is: nothing in it is escaped.
  public static func isInert(_ text: String) -> Bool {
    if isPrintableASCII(text) { return true }
    var inert = true
    forEachScalar(of: text) { _, escaped in
      inert = !escaped
      return inert
    }
    return inert
  }

  /// Whether `scalar` is one that ``line(_:)`` writes as an escape wherever it stands: a
  /// control, a separator, a bidirectional control or an invisible character. (The few
  /// invisible characters kept where they show, such as a joiner inside an emoji, are among
  /// them: ``forEachScalar(of:_:)`` says where a scalar is kept.)
  public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    switch value {
    case 0..<0x20, 0x7F..<0xA0: return true
    case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
    case 0xA0..<0x300: return value == 0xAD
    case ..<0x600: return value == 0x34F
    default: return isInvisible(scalar)
    }
  }

  /// Calls `body` with each scalar of `text` and whether ``line(_:)`` writes it as an escape
  /// where it stands, until `body` returns false.
  public static func forEachScalar(
    of text: String, _ body: (_ scalar: Unicode.Scalar, _ escaped: Bool) -> Bool
  ) {
    let scalars = text.unicodeScalars
    var index = scalars.startIndex
    // The scalar before, when it was written as it is.
    var previous: Unicode.Scalar?
    // Tag characters still to come of a subdivision flag, kept.
    var flagTags = 0
    while index != scalars.endIndex {
      let scalar = scalars[index]
      let next = scalars.index(after: index)
      let escaped: Bool
      if flagTags > 0 {
        flagTags -= 1
        escaped = false
      } else if !isUnsafe(scalar) {
        escaped = false
        if scalar.value == 0x1F3F4 { flagTags = subdivisionTags(scalars[next...]) }
      } else if isInvisible(scalar) {
        let following = next == scalars.endIndex ? nil : scalars[next]
        escaped = !isKept(scalar, after: previous, before: following)
      } else {
        escaped = true
      }
      guard body(scalar, escaped) else { return }
      previous = escaped ? nil : scalar
      index = next
    }
  }

  /// Whether `scalar` shows as nothing: a format character (Cf) or one Unicode says to
  /// ignore when it cannot be shown (Default_Ignorable_Code_Point).
  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    // Below U+034F and in the common blocks of visible text none is.
    let value = scalar.value
    if value < 0x34F || (0x3400..<0xFE00).contains(value) && value != 0x3164 {
      return value == 0xAD
    }
    let properties = scalar.properties
    return properties.generalCategory == .format || properties.isDefaultIgnorableCodePoint
  }

  /// Whether the invisible `scalar` shows where it stands, between `previous` (written as it
  /// is) and `next`: a joiner inside an emoji or a word of a joining script, a variation
  /// selector after a character that takes one.
  static func isKept(
    _ scalar: Unicode.Scalar, after previous: Unicode.Scalar?, before next: Unicode.Scalar?
  )
    -> Bool
  {
    guard let previous else { return false }
    switch scalar.value {
    case 0x200D:
      guard let next else { return false }
      return (isEmojiPart(previous) && isEmoji(next)) || (joins(previous) && joins(next))
    case 0x200C:
      guard let next else { return false }
      return joins(previous) && joins(next)
    case 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x180B...0x180D, 0x180F:
      if isVariationSelector(previous) { return false }
      if previous.value < 0x80 {
        return (scalar.value == 0xFE0E || scalar.value == 0xFE0F)
          && (previous == "#" || previous == "*" || ("0"..."9").contains(previous))
      }
      return true
    default:
      return false
    }
  }

  static func isVariationSelector(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x180B...0x180D, 0x180F: return true
    default: return false
    }
  }

  /// An emoji other than the ASCII ones (digits, `#`, `*`) that only a keycap makes one.
  static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x80 && scalar.properties.isEmoji
  }

  /// What may stand before a joiner inside an emoji: an emoji, the variation selector that
  /// shows one as an emoji, or a skin tone (itself an emoji).
  static func isEmojiPart(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\u{FE0F}" || isEmoji(scalar)
  }

  /// A letter or mark of a script whose letters a joiner joins or a non-joiner parts, so that
  /// it shows: Arabic, Syriac, Thaana, N'Ko and the other Arabic blocks, the Indic scripts
  /// from Devanagari to Sinhala, Tibetan, Myanmar, Khmer, Mongolian, Phags-pa, Kharoshthi and
  /// Brahmi.
  static func joins(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0600...0x08FF, 0x0900...0x0DFF, 0x0F00...0x0FFF, 0x1000...0x109F, 0x1780...0x18AF,
      0xA840...0xA87F, 0xFB50...0xFDFF, 0xFE70...0xFEFC, 0x10A00...0x10A5F, 0x11000...0x1107F:
      switch scalar.properties.generalCategory {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .nonspacingMark, .spacingMark, .enclosingMark:
        return true
      default:
        return false
      }
    default:
      return false
    }
  }

  /// How many of the scalars that follow a black flag (U+1F3F4) are the tags of a
  /// subdivision's flag: three to six tag letters or digits (`gbsct`), then the cancel tag
  /// U+E007F; none when they are anything else.
  static func subdivisionTags(_ scalars: Substring.UnicodeScalarView) -> Int {
    var count = 0
    for scalar in scalars {
      switch scalar.value {
      case 0xE0030...0xE0039, 0xE0061...0xE007A:
        count += 1
        if count > 6 { return 0 }
      case 0xE007F:
        return count >= 3 ? count + 1 : 0
      default:
        return 0
      }
    }
    return 0
  }

  /// Appends `scalar` to `body`, escaped if it is unsafe.
  static func append(
    _ scalar: Unicode.Scalar, escaped: Bool, to body: inout String, keepingLayout: Bool
  ) {
    guard escaped else {
      body.unicodeScalars.append(scalar)
      return
    }
    switch scalar {
    case "\n": body += keepingLayout ? "\n" : "\\n"
    case "\t": body += keepingLayout ? "\t" : "\\t"
    case "\r": body += "\\r"
    default: body += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }
  }
}
