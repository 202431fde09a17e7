/// Text from a routine, a hook, the command line or a database, made safe to write to a
/// terminal: every character that could drive the terminal or reorder what is shown is
/// written as a visible escape instead.
///
/// Escaped: the C0 controls (NUL to US, ESC among them), DEL, the C1 controls (U+0080 to
/// U+009F, where U+009B is a one-character CSI), the line and paragraph separators, and the
/// bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F, U+202A to
/// U+202E, U+2066 to U+2069). Line feed, carriage return and tab are written as `\n`, `\r` and
/// `\t`; every other escaped character as `\u{1B}`, its code point in hexadecimal. A
/// backslash is left alone, so text that contains a written `\u{1B}` reads the same as an
/// escaped one but can do nothing.
public enum TerminalText {
  /// `text` as one line: every unsafe character escaped, line breaks and tabs among them.
  public static func line(_ text: String) -> String {
    // Printable ASCII, most text, is safe as it is: no need to look at each scalar.
    if isPrintableASCII(text) { return text }
    var body = ""
    body.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars { append(scalar, to: &body, keepingLayout: false) }
    return body
  }

  /// `text` as lines: like ``line(_:)``, but line feeds and tabs are kept as they are. A
  /// carriage return is still escaped, since it would let text overwrite what came before.
  public static func block(_ text: String) -> String {
    var body = ""
    body.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars { append(scalar, to: &body, keepingLayout: true) }
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

  /// Whether `scalar` is one that ``line(_:)`` writes as an escape.
  public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    switch value {
    case 0..<0x20, 0x7F..<0xA0: return true
    case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  /// Appends `scalar` to `body`, escaped if it is unsafe.
  static func append(_ scalar: Unicode.Scalar, to body: inout String, keepingLayout: Bool) {
    guard isUnsafe(scalar) else {
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
