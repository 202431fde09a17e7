#if canImport(Glibc)
  import Glibc
#endif

/// Tells when a name is added to a folder or taken from it (inotify): its descriptor becomes
/// readable, and ``drain()`` takes what it says. Made for a folder that exists; one that goes
/// away (removed or renamed) is said by ``drain()``, and the watch is then of no more use.
public final class DirectoryWatch: @unchecked Sendable {
  /// The descriptor to wait on for readability.
  public let descriptor: Int32

  /// Watches the folder at `path`; the error when it cannot (no such folder, no inotify).
  public static func start(_ path: String) -> Result<DirectoryWatch, Errno> {
    let descriptor: Int32
    switch SystemCall.retrying({ inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }) {
    case .failure(let error): return .failure(error)
    case .success(let made): descriptor = made
    }
    let events =
      UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF | IN_MOVE_SELF)
      | UInt32(IN_ONLYDIR)
    if case .failure(let error) = SystemCall.retrying({
      inotify_add_watch(descriptor, path, events)
    }) {
      Descriptor.close(descriptor)
      return .failure(error)
    }
    return .success(DirectoryWatch(descriptor: descriptor))
  }

  private init(descriptor: Int32) { self.descriptor = descriptor }

  deinit { Descriptor.close(descriptor) }

  /// Takes every event waiting, without waiting for more: false once the folder itself has
  /// gone (or the watch was dropped), true otherwise.
  public func drain() -> Bool {
    var kept = true
    while case .success(let bytes) = Descriptor.read(descriptor, limit: 4096), !bytes.isEmpty {
      var offset = 0
      // Each event: wd (4), mask (4), cookie (4), len (4), then len bytes of name.
      while offset + 16 <= bytes.count {
        let (mask, length) = bytes.withUnsafeBytes { raw in
          (
            raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
            Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
          )
        }
        if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 { kept = false }
        offset += 16 + length
      }
    }
    return kept
  }
}
