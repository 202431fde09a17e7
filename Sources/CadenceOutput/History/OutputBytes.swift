/// The UTF-8 of an export made a row at a time, handed to a ``ChunkedText`` in large pieces:
/// what a writer of many rows (`history`, `--json`, `--csv`) appends to, copying stored bytes
/// and writing numbers as digits without making a `String` of each.
struct OutputBytes {
  private(set) var bytes: [UInt8] = []

  init() {
    bytes.reserveCapacity(ChunkedText.chunkSize + 8192)
  }

  var count: Int { bytes.count }

  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func append(_ byte: UInt8) { bytes.append(byte) }

  mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: buffer)
  }

  /// Text made at run time (a literal is a `StaticString`, copied without looking at it).
  mutating func append(text: String) { bytes.append(contentsOf: text.utf8) }

  /// `count` spaces.
  mutating func spaces(_ count: Int) {
    if count > 0 { bytes.append(contentsOf: repeatElement(0x20, count: count)) }
  }

  /// The decimal digits of `value`, with its sign: `String(value)`.
  mutating func digits(_ value: Int64) {
    if value < 0 { bytes.append(0x2D) }
    digits(magnitude: value.magnitude, width: 1)
  }

  /// `value` with zeros before it up to `width` digits, as ``TimeFormat/pad(_:_:)`` writes it.
  mutating func padded(_ value: Int, _ width: Int = 2) {
    if value < 0 { bytes.append(0x2D) }
    digits(magnitude: UInt64(value.magnitude), width: width)
  }

  private mutating func digits(magnitude: UInt64, width: Int) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
      var start = 20
      var rest = magnitude
      repeat {
        start -= 1
        buffer[start] = 0x30 + UInt8(rest % 10)
        rest /= 10
      } while rest > 0
      if width > 20 - start {
        bytes.append(contentsOf: repeatElement(0x30, count: width - (20 - start)))
      }
      bytes.append(contentsOf: UnsafeMutableBufferPointer(rebasing: buffer[start...]))
    }
  }

  /// Takes spaces from the end, back to `start` at most; returns how many.
  mutating func trimSpaces(after start: Int) -> Int {
    var trimmed = 0
    while bytes.count > start, bytes[bytes.count - 1] == 0x20 {
      bytes.removeLast()
      trimmed += 1
    }
    return trimmed
  }

  /// Puts `text` in place of what is written from `start` on.
  mutating func replace(from start: Int, with text: String) {
    bytes.removeSubrange(start...)
    append(text: text)
  }

  /// The bytes from `start` on, as text.
  func text(from start: Int) -> String {
    String(decoding: bytes[start...], as: UTF8.self)
  }

  /// Hands what is written to `out` once it is a chunk's worth (or whatever there is, with
  /// `all`); only ever at the end of a row, so a piece never splits a character.
  mutating func handOn(to out: ChunkedText, all: Bool = false) {
    guard all || bytes.count >= ChunkedText.chunkSize else { return }
    out.write(utf8: bytes)
    bytes.removeAll(keepingCapacity: true)
  }
}
