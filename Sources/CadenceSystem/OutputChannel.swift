import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A descriptor Cadence writes its output to (standard output or standard error), with every
/// write checked.
///
/// A text is written whole, after interruptions and short writes, as one piece: callers hand
/// over large pieces (a whole export, 64 KiB of event lines), so nothing is written a line at a
/// time. The first failure is kept; after it nothing more is written, since what follows would
/// only make a cut output look whole in places.
public final class OutputChannel: Sendable {
  public let descriptor: Int32
  /// The output's name in a sentence ("standard output").
  public let name: String
  private let failed = Mutex<WriteFailure?>(nil)
  private let terminal: Bool

  public init(descriptor: Int32, name: String) {
    self.descriptor = descriptor
    self.name = name
    terminal = isatty(descriptor) != 0
  }

  /// The first write that failed, if one did.
  public var failure: WriteFailure? { failed.withLock { $0 } }

  /// Writes all of `text`; returns the failure (this one, or an earlier one) if it is not all
  /// written.
  @discardableResult
  public func write(_ text: String) -> WriteFailure? {
    var text = text
    return text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
  }

  /// Writes all of `bytes`; returns the failure if they are not all written.
  @discardableResult
  public func write(_ bytes: UnsafeRawBufferPointer) -> WriteFailure? {
    failed.withLock { failure in
      if let failure { return failure }
      if case .failure(let errno) = Descriptor.writeAll(descriptor, bytes) {
        failure = WriteFailure(output: name, errno: errno, toTerminal: terminal)
      }
      return failure
    }
  }
}
