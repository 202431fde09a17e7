/// The lines of a run's stream that some view has not yet taken, kept once for all of them:
/// each view is a position in it, so views that stop reading cost what the most behind of
/// them has not taken, not a copy each.
///
/// Touched only on the control server's loop thread.
struct WatchLog {
  /// The stream from `start` on.
  private var bytes: [UInt8] = []
  /// The stream's position of `bytes`' first byte.
  private(set) var start: Int64 = 0

  /// The position after the last line.
  var end: Int64 { start + Int64(bytes.count) }

  /// How many bytes are kept.
  var kept: Int { bytes.count }

  mutating func append(_ line: [UInt8]) { bytes += line }

  /// What follows `position`, which is at or after `start`.
  func after(_ position: Int64) -> ArraySlice<UInt8> {
    bytes[Int(position - start)...]
  }

  /// Forgets what comes before `position`, which every view has taken. The storage is given
  /// back once the part forgotten is half of it, so that what is kept stays within twice
  /// what is untaken.
  mutating func forget(before position: Int64) {
    let taken = Int(position - start)
    guard taken > 0 else { return }
    if taken == bytes.count {
      bytes = []
    } else if taken >= bytes.count / 2 {
      bytes = Array(bytes[taken...])
    } else {
      return
    }
    start = position
  }
}
