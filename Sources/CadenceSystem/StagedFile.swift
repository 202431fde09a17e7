#if canImport(Glibc)
  import Glibc
#endif

/// The one core of writing a file whole or not at all, which `PrivateFiles.replace` and
/// `OutputFile` share: the bytes go to a new file beside the destination, then it is renamed
/// over it; a failure removes the new file and leaves the destination as it was.
enum StagedFile {
  /// Writes `bytes` to `descriptor` (the new file at `staging`), runs `finish` on it (fsync,
  /// fchmod: its result as the system call's), closes it checking the close, then renames
  /// `staging` onto `destination`; on any failure `staging` is removed and the first errno
  /// given.
  static func commit(
    _ bytes: UnsafeRawBufferPointer, descriptor: Int32, staging: String, onto destination: String,
    finish: (Int32) -> Int32
  ) -> Result<Void, Errno> {
    var result = Descriptor.writeAll(descriptor, bytes)
    if case .success = result, finish(descriptor) != 0 { result = .failure(.current) }
    // A network file system may tell of a failed write only at the close.
    if Glibc.close(descriptor) != 0, case .success = result, errno != EINTR {
      result = .failure(.current)
    }
    if case .success = result, rename(staging, destination) != 0 { result = .failure(.current) }
    if case .failure = result { unlink(staging) }
    return result
  }
}
