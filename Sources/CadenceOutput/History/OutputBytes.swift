/// The UTF-8 of an export made a row at a time, handed to a ``ChunkedText`` in large pieces:
/// what a writer of many rows (`history`, `--json`, `--csv`) appends to, copying stored bytes
/// and writing numbers as digits without making a `String` of each.
///
/// It holds one buffer of its own, grown when a row needs more, and written to through its
/// address: a byte appended costs a store, not a call into `Array`.
final class OutputBytes {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private(set) var count = 0

  init() {
    capacity = ChunkedText.chunkSize + 8192
    base = .allocate(capacity: capacity)
  }

  deinit { base.deallocate() }

  /// The last byte written, if any.
  var last: UInt8? { count > 0 ? base[count - 1] : nil }

  /// Room for `more` bytes after what is written.
  @inline(__always)
  private func reserve(_ more: Int) {
    guard count + more > capacity else { return }
    let larger = max(capacity * 2, count + more)
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
    moved.initialize(from: base, count: count)
    base.deallocate()
    base = moved
    capacity = larger
  }

  func append(_ text: StaticString) {
    text.withUTF8Buffer { append($0) }
  }

  func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  func append(_ buffer: UnsafeBufferPointer<UInt8>) {
    guard let start = buffer.baseAddress, buffer.count > 0 else { return }
    reserve(buffer.count)
    (base + count).initialize(from: start, count: buffer.count)
    count += buffer.count
  }

  /// Text made at run time (a literal is a `StaticString`, copied without looking at it).
  func append(text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }

  /// `count` spaces.
  func spaces(_ spaces: Int) {
    guard spaces > 0 else { return }
    reserve(spaces)
    (base + count).initialize(repeating: 0x20, count: spaces)
    count += spaces
  }

  /// The decimal digits of `value`, with its sign: `String(value)`.
  func digits(_ value: Int64) {
    if value < 0 { append(0x2D) }
    digits(magnitude: value.magnitude, width: 1)
  }

  /// `value` with zeros before it up to `width` digits, as ``TimeFormat/pad(_:_:)`` writes it.
  func padded(_ value: Int, _ width: Int = 2) {
    if value < 0 { append(0x2D) }
    digits(magnitude: UInt64(value.magnitude), width: width)
  }

  private func digits(magnitude: UInt64, width: Int) {
    var length = 1
    var rest = magnitude
    while rest >= 10 {
      rest /= 10
      length += 1
    }
    let zeros = max(0, width - length)
    reserve(zeros + length)
    (base + count).initialize(repeating: 0x30, count: zeros)
    count += zeros + length
    rest = magnitude
    var place = count
    repeat {
      place -= 1
      base[place] = 0x30 + UInt8(rest % 10)
      rest /= 10
    } while rest > 0
  }

  /// Takes spaces from the end, back to `start` at most; returns how many.
  func trimSpaces(after start: Int) -> Int {
    var trimmed = 0
    while count > start, base[count - 1] == 0x20 {
      count -= 1
      trimmed += 1
    }
    return trimmed
  }

  /// Puts `text` in place of what is written from `start` on.
  func replace(from start: Int, with text: String) {
    count = start
    append(text: text)
  }

  /// The bytes from `start` on, as text.
  func text(from start: Int) -> String {
    String(decoding: UnsafeBufferPointer(start: base + start, count: count - start), as: UTF8.self)
  }

  /// Hands what is written to `out` once it is a chunk's worth (or whatever there is, with
  /// `all`); only ever at the end of a row, so a piece never splits a character.
  func handOn(to out: ChunkedText, all: Bool = false) {
    guard count > 0, all || count >= ChunkedText.chunkSize else { return }
    out.write(utf8: UnsafeBufferPointer(start: base, count: count))
    count = 0
  }
}
