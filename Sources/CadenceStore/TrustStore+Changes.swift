import CadenceSystem
import CadenceText

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

  /// `cadence trust --list`: a line an entry (the start of its digest, its path, how its file
  /// stands), or that no routine is trusted.
  public func reviewText() -> String {
    let review = review()
    if review.isEmpty { return "No routine is trusted.\n" }
    return review.map {
      "\($0.entry.digest.prefix(12))  \(TerminalText.line($0.entry.path))  \($0.state.rawValue)\n"
    }.joined()
  }

  /// `cadence trust` of the routine `given` names (a file, or a name `library` finds), or with
  /// `revoking` the end of its trust: what was done, in a sentence, or why nothing was.
  public func change(_ given: String, revoking: Bool, library: RoutineLibrary) -> Result<
    String, CommandFailure
  > {
    let found: RoutineLibrary.Entry
    switch library.resolve(given) {
    case .success(let entry): found = entry
    case .failure(let missing):
      return .failure(CommandFailure(missing.sentence, exitCode: .noInput))
    }
    let recorded = Self.location(of: found)
    let shown = TerminalText.line(recorded)
    do throws(Errno) {
      if revoking {
        return .success(
          try revoke(recorded)
            ? "\(shown) is no longer trusted: its hooks' actions will be skipped."
            : "\(shown) was not trusted.")
      }
      guard let text = found.text() else {
        return .failure(
          CommandFailure(
            "\(TerminalText.line(found.displayPath)): cannot be read; check that it exists and you may read it",
            exitCode: .noInput))
      }
      let digest = try trust(recorded, text: text)
      return .success(
        "Trusted \(shown) (SHA-256 \(digest.prefix(12))…): its hooks' actions will run. Editing it ends the trust."
      )
    } catch {
      return .failure(unwritten(error))
    }
  }

  /// Why the list could not be written: a full disk or a failing one is a write that failed
  /// (74), told as every such write is; otherwise the list cannot be made (73).
  private func unwritten(_ error: Errno) -> CommandFailure {
    guard let file else {
      return CommandFailure(
        "XDG_CONFIG_HOME and HOME are both unset, so there is no trust list to write; set one of them",
        exitCode: .cannotCreate)
    }
    let failure = WriteFailure(output: file, errno: error, untouched: true)
    guard failure.isCannotCreate else {
      return CommandFailure(failure.sentence, exitCode: failure.exitCode)
    }
    return CommandFailure(
      "\(TerminalText.line(file)): the trust list cannot be written (\(error)); check that you may write to its folder",
      exitCode: .cannotCreate)
  }
}
