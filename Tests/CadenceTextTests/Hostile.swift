/// The hostile text every sink is fed: a leading `-`, OSC 52 (write the clipboard), OSC 0
/// (window title), BEL, CR, LF, NUL, DEL, a C1 CSI and a right-to-left override.
enum Hostile {
  static let text =
    "-a\u{1B}]52;c;SGVsbG8=\u{7}b\u{1B}]0;t\u{7}\r\nc\u{0}\u{7F}\u{9B}\u{202E}d"
  static let escapeSequence = "\u{1B}[2J"
}
