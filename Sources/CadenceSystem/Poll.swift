#if canImport(Glibc)
  import Glibc
#endif

/// What poll(2) waits for on a descriptor, and what it found.
public struct PollEvents: OptionSet, Sendable, Hashable {
  public var rawValue: Int16
  public init(rawValue: Int16) { self.rawValue = rawValue }

  public static let readable = PollEvents(rawValue: Int16(POLLIN))
  public static let writable = PollEvents(rawValue: Int16(POLLOUT))
  /// Found only: an error on the descriptor.
  public static let error = PollEvents(rawValue: Int16(POLLERR))
  /// Found only: the other end hung up.
  public static let hangUp = PollEvents(rawValue: Int16(POLLHUP))
  /// Found only: the descriptor is not open.
  public static let invalid = PollEvents(rawValue: Int16(POLLNVAL))
  /// An error or a hang-up.
  public static let broken: PollEvents = [.error, .hangUp]
}

/// One descriptor to poll: what to wait for, and after the poll what was found.
public struct PollEntry: Sendable, Equatable {
  public var descriptor: Int32
  public var events: PollEvents
  public var found: PollEvents

  public init(_ descriptor: Int32, _ events: PollEvents = []) {
    self.descriptor = descriptor
    self.events = events
    self.found = []
  }
}

extension Descriptor {
  /// Waits until one of `entries` is ready or `milliseconds` pass (-1: no limit), after
  /// interruptions: how many entries found something (their `found`), 0 when the time ran
  /// out.
  public static func poll(_ entries: inout [PollEntry], milliseconds: Int32) -> Result<Int32, Errno>
  {
    var polled = entries.map { pollfd(fd: $0.descriptor, events: $0.events.rawValue, revents: 0) }
    let result = poll(&polled, milliseconds: milliseconds)
    for index in entries.indices {
      entries[index].found = PollEvents(rawValue: polled[index].revents)
    }
    return result
  }

  /// Waits until `descriptor` is ready for `events` or `milliseconds` pass: what was found
  /// (empty when the time ran out).
  public static func wait(_ descriptor: Int32, for events: PollEvents, milliseconds: Int32)
    -> Result<PollEvents, Errno>
  {
    var entries = [PollEntry(descriptor, events)]
    return poll(&entries, milliseconds: milliseconds).map { _ in entries[0].found }
  }
}
