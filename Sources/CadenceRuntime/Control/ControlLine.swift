import CadenceSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Reads one line from a socket, up to a limit: the JSON-lines framing of the control
/// protocol.
public enum ControlLine {
  /// The bytes before the first line feed (or before the end, if the peer closed without
  /// one). Longer than `limit`, or nothing at all, is an error.
  public static func read(_ descriptor: Int32, limit: Int) -> Result<[UInt8], ControlError> {
    var line: [UInt8] = []
    while true {
      switch Descriptor.read(descriptor, limit: 1024) {
      case .failure(let error) where error.code == EAGAIN || error.code == EWOULDBLOCK:
        // The connection's timeout passed with the line unfinished.
        return .failure(
          ControlError("the request did not end with a line feed in time; send it as one line"))
      case .failure(let error):
        return .failure(ControlError("the request could not be read (\(error))"))
      case .success(let bytes):
        if let end = bytes.firstIndex(of: 10) {
          line += bytes[..<end]
          return line.count > limit
            ? .failure(ControlError("the request is longer than \(limit) bytes"))
            : .success(line)
        }
        if bytes.isEmpty {
          return line.isEmpty
            ? .failure(ControlError("the request was empty")) : .success(line)
        }
        line += bytes
        if line.count > limit {
          return .failure(ControlError("the request is longer than \(limit) bytes"))
        }
      }
    }
  }
}
