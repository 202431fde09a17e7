import CadenceSystem

/// The database holds what someone did and when: it is created readable by its owner only,
/// wherever its path leads.
///
/// Missing folders on the way are made 0700 and a missing database file 0600 (SQLite gives its
/// `-wal` and `-shm` files the database's own mode). A path that is a link to a file not there
/// yet (a database kept in a synchronised folder, say) gets that file made 0600 too, before
/// SQLite would make it 0644. The umask can only take permissions away from these. Folders and
/// files that already exist keep the permissions they have.
enum PrivateFile {
  static let folderMode: UInt32 = 0o700
  static let fileMode: UInt32 = 0o600

  /// Makes the folders of `path` and an empty file at `path` (or where a link there leads),
  /// where they are missing.
  static func prepare(_ path: String) throws(StoreError) {
    try makeFolders(for: path)
    switch PrivateFiles.create(path, mode: fileMode) {
    case .success(true): return
    case .success(false):
      // Something is there: a link to a file not there yet gets its file made here. Any
      // failure is left to SQLite, which says precisely why it cannot open the file.
      _ = PrivateFiles.createLinked(path, mode: fileMode)
    case .failure:
      return
    }
  }

  private static func makeFolders(for path: String) throws(StoreError) {
    let folder = String(
      path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        .joined(separator: "/"))
    guard !folder.isEmpty else { return }
    if case .failure = PrivateFiles.makeFolders(folder, mode: folderMode) {
      throw .cannotOpen(path: path, reason: "its folder cannot be created")
    }
  }
}
