import FoundationEssentials

extension Errno {
  /// Why a file operation failed, in the system's words ("Permission denied"), for a sentence
  /// that already names the file: the errno under Foundation's file errors, else the error as
  /// it describes itself.
  public static func reason(_ error: any Error) -> String {
    if let errno = error as? Errno { return errno.description }
    if let posix = error as? POSIXError { return Errno(posix.code.rawValue).description }
    if let cocoa = error as? CocoaError, let posix = cocoa.underlying as? POSIXError {
      return Errno(posix.code.rawValue).description
    }
    return String(describing: error)
  }
}
