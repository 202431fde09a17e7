/// Text made in many small pieces and handed on in large chunks, so that an export of any size
/// (a plan of a million segments) is written as it is made rather than held whole in memory.
public final class ChunkedText {
  /// How large a chunk grows before it is handed on, in bytes.
  public static let chunkSize = 1 << 16

  private let emit: (String) -> Void
  private var pending = ""

  /// Text written here goes to `emit` in chunks of about ``chunkSize`` bytes, the rest on
  /// ``flush()``.
  public init(emit: @escaping (String) -> Void) {
    self.emit = emit
    pending.reserveCapacity(Self.chunkSize + 1024)
  }

  public func write(_ text: String) {
    pending += text
    if pending.utf8.count >= Self.chunkSize { flush() }
  }

  /// Writes UTF-8 that ends at a character's end: a chunk's worth or more is handed on as
  /// it is, without being gathered first.
  public func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    guard pending.isEmpty, bytes.count >= Self.chunkSize else {
      return write(String(decoding: bytes, as: UTF8.self))
    }
    emit(String(decoding: bytes, as: UTF8.self))
  }

  /// Hands on what is gathered.
  public func flush() {
    guard !pending.isEmpty else { return }
    emit(pending)
    pending.removeAll(keepingCapacity: true)
  }

  /// Everything `body` writes, as one string (for a pass shown on the screen, and for tests).
  public static func collect(_ body: (ChunkedText) -> Void) -> String {
    var whole = ""
    let text = ChunkedText { whole += $0 }
    body(text)
    text.flush()
    return whole
  }
}
