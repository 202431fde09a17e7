import FoundationEssentials

/// The wall clock, handed to whatever needs the date: the one place Cadence reads it is
/// `system`, and a test hands in a clock of its own.
public struct WallClock: Sendable {
  private let read: @Sendable () -> Date

  public init(_ read: @escaping @Sendable () -> Date) { self.read = read }

  /// The date now, as this clock tells it.
  public func now() -> Date { read() }

  /// The system's clock.
  public static let system = WallClock { Date() }
}
