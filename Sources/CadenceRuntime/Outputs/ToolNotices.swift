import Synchronization

/// Says each missing tool once per process.
///
/// Every countdown looks for its sound player and `notify-send` afresh (a focus on a task is
/// two: the focus, then its mandatory break), but the user needs to hear that one is missing
/// only once.
public final class ToolNotices: Sendable {
  /// The notices of this process.
  public static let shared = ToolNotices()

  private let said = Mutex<Set<String>>([])

  /// Passes `sentence` to `note` unless it has been passed before.
  public func once(_ sentence: String, to note: (String) -> Void) {
    if said.withLock({ $0.insert(sentence).inserted }) { note(sentence) }
  }
}
