import CadenceSystem

/// Reads one line from a socket, up to a limit: the JSON-lines framing of the control
/// protocol.
public enum ControlLine {
  /// The bytes before the first line feed (or before the end, if the peer closed without
  /// one). Longer than `limit`, or nothing at all, is an error.
  public static func read(_ descriptor: Int32, limit: Int) -> Result<[UInt8], ControlError> {
    var line = Partial(limit: limit)
    while true {
      switch Descriptor.read(descriptor, limit: 1024) {
      case .failure(.wouldBlock):
        // The connection's timeout passed with the line unfinished.
        return .failure(unfinished)
      case .failure(let error):
        return .failure(ControlError("the request could not be read (\(error))"))
      case .success(let bytes):
        if let read = line.take(bytes[...]) { return read }
      }
    }
  }

  /// The reply to a request whose line did not end before its connection's time was up.
  static let unfinished = ControlError(
    "the request did not end with a line feed in time; send it as one line")

  /// A line read as its bytes arrive, for a server that waits on many connections at once.
  struct Partial {
    let limit: Int
    private var bytes: [UInt8] = []

    init(limit: Int) { self.limit = limit }

    /// Takes the next bytes read (none: the end of input); the line or an error once there
    /// is one, nil while it is still coming. What follows the line feed is not read.
    mutating func take(_ chunk: ArraySlice<UInt8>) -> Result<[UInt8], ControlError>? {
      if let end = chunk.firstIndex(of: 10) {
        bytes += chunk[..<end]
        return bytes.count > limit ? .failure(tooLong) : .success(bytes)
      }
      if chunk.isEmpty {
        return bytes.isEmpty ? .failure(ControlError("the request was empty")) : .success(bytes)
      }
      bytes += chunk
      return bytes.count > limit ? .failure(tooLong) : nil
    }

    private var tooLong: ControlError {
      ControlError("the request is longer than \(limit) bytes")
    }
  }
}
