import CadenceText

/// Tags as one column: comma-separated, each trimmed, empty ones dropped.
public enum TagList {
  public static func joined(_ tags: [String]) -> String { tags.joined(separator: ",") }

  /// Whether stored text is already ``joined(_:)`` of its ``split(_:)``: printable ASCII
  /// whose tags have no blank at either end and none empty.
  public static func isCanonical(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var previous: UInt8 = 0x2C
    for byte in bytes {
      guard TerminalText.isPrintableASCII(byte) else { return false }
      // No tag starts or ends with a space, and none is empty.
      if byte == 0x2C, previous == 0x2C || previous == 0x20 { return false }
      if byte == 0x20, previous == 0x2C { return false }
      previous = byte
    }
    return previous != 0x2C && previous != 0x20
  }

  public static func split(_ text: String?) -> [String] {
    guard var text else { return [] }
    // Tags as Cadence writes them need no trimming: a cut at each comma.
    if text.withUTF8({ isCanonical($0) }) {
      return text.utf8.split(separator: 0x2C).map { String(decoding: $0, as: UTF8.self) }
    }
    return text.split(separator: ",").map { PlainText.trimmed($0) }.filter { !$0.isEmpty }
  }
}
