/// How a timer's, focus session's or break's countdown looks in its view, told to a view
/// attached from another terminal so that it shows what the run's own view shows: the title,
/// the phase, the coin balance, the island and pet, and whether it is a task's mandatory
/// break (which its keys cannot stop).
public struct CountdownFace: Sendable, Codable, Equatable {
  /// `Focus`, `📚 Focus: Essay`, `Timer`.
  public var title: String
  /// `FOCUS`, `BREAK`, `BREAK · mandatory`, `TIMER`.
  public var phase: String
  public var coins: Int64?
  /// The island's and the pet's names; nil for a timer.
  public var island: String?
  public var pet: String?
  public var mandatory: Bool

  public init(
    title: String, phase: String, coins: Int64? = nil, island: String? = nil,
    pet: String? = nil, mandatory: Bool = false
  ) {
    self.title = title
    self.phase = phase
    self.coins = coins
    self.island = island
    self.pet = pet
    self.mandatory = mandatory
  }
}
