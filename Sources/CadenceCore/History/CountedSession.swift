import FoundationEssentials

/// What statistics need of a session: the store's `SessionRecord` is one.
public protocol CountedSession {
  var startedAt: Date { get }
  var activeMilliseconds: Int64 { get }
  var completed: Bool { get }
  var coins: Int { get }
}
