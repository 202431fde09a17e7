/// What a terminal could act on in a text: the C0 controls but the line feed, DEL, the C1
/// controls and the bidirectional controls. Text with none of them is inert.
public enum InertText {
  /// The scalars of `text` a terminal could act on, in order.
  public static func actionable(_ text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { scalar in
      let value = scalar.value
      return (value < 0x20 && scalar != "\n") || (0x7F..<0xA0).contains(value)
        || [0x061C, 0x200E, 0x200F, 0x2028, 0x2029].contains(value)
        || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
  }
}
