import CadenceSystem

/// `cadence trust`'s changes to the list: one entry a routine, so trusting a routine again
/// replaces its entry and revoking removes it (its file need not be there any more).
extension TrustStore {
  /// How a trusted routine's file stands against its entry.
  public enum State: String, Sendable {
    case unchanged
    /// Edited since it was trusted, so it is not trusted any more.
    case changed = "changed since (not trusted)"
    case missing
  }

  /// Every entry, with how its file stands now.
  public func review() -> [(entry: Entry, state: State)] {
    entries().map { entry in
      let now = RoutineLibrary.Entry.text(atPath: entry.path).map(SHA256.hex)
      return (entry, now == nil ? .missing : now == entry.digest ? .unchanged : .changed)
    }
  }

  /// Trusts the routine at `location` (``location(of:)``) whose text is `text`; returns the
  /// text's SHA-256, which its entry now holds.
  public func trust(_ location: String, text: [UInt8]) throws(Errno) -> String {
    let digest = SHA256.hex(text)
    try save(
      entries().filter { !Self.same($0.path, location) } + [Entry(digest: digest, path: location)])
    return digest
  }

  /// Ends the trust in the routine at `location`; false when it was not trusted, and then
  /// nothing is written (or created).
  public func revoke(_ location: String) throws(Errno) -> Bool {
    let trusted = entries()
    let kept = trusted.filter { !Self.same($0.path, location) }
    guard kept.count != trusted.count else { return false }
    try save(kept)
    return true
  }
}
