#if canImport(Glibc)
  import Glibc
#endif

/// The database holds what someone did and when: it is created readable by its owner only.
///
/// Missing folders on the way are made 0700 and a missing database file 0600 (SQLite gives its
/// `-wal` and `-shm` files the database's own mode). The umask can only take permissions
/// away from these. Folders and files that already exist keep the permissions they have.
enum PrivateFile {
  static let folderMode: mode_t = 0o700
  static let fileMode: mode_t = 0o600

  /// Makes the folders of `path` and an empty file at `path`, where they are missing.
  static func prepare(_ path: String) throws(StoreError) {
    try makeFolders(for: path)
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, fileMode)
    if descriptor >= 0 {
      close(descriptor)
    } else if errno != EEXIST {
      // Left to SQLite, which says precisely why it cannot open the file.
      return
    }
  }

  private static func makeFolders(for path: String) throws(StoreError) {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    var folder = path.hasPrefix("/") ? "" : "."
    for part in parts where !part.isEmpty {
      folder += "/" + part
      guard mkdir(folder, folderMode) != 0, errno != EEXIST else { continue }
      var status = stat()
      if stat(folder, &status) != 0 || status.st_mode & S_IFMT != S_IFDIR {
        throw .cannotOpen(path: path, reason: "its folder cannot be created")
      }
    }
  }
}
