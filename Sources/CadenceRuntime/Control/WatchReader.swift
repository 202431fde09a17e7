import CadenceSystem
import FoundationEssentials

/// Reads the `WatchMessage` lines of a stream, one at a time.
public final class WatchReader {
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private let decoder = JSONDecoder()

  public init(descriptor: Int32) { self.descriptor = descriptor }

  /// The next message; nil when the stream ends (or cannot be read).
  public func next() -> WatchMessage? {
    while true {
      if let end = buffer.firstIndex(of: 10) {
        let line = Array(buffer[..<end])
        buffer.removeFirst(end + 1)
        if let message = try? decoder.decode(WatchMessage.self, from: Data(line)) {
          return message
        }
        continue
      }
      guard case .success(let bytes) = Descriptor.read(descriptor), !bytes.isEmpty else {
        return nil
      }
      buffer += bytes
    }
  }
}
