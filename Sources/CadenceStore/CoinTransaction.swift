import FoundationEssentials

/// One line of the coin ledger: coins earned by a focus session, or spent in the shop.
public struct CoinTransaction: Sendable, Equatable {
  public enum Kind: String, Sendable { case earn, spend }

  public var id: Int64?
  public var at: Date
  public var kind: Kind
  /// Always positive; `kind` says which way it goes.
  public var amount: Int64
  /// What it was for: "focus: Essay", "island: volcano".
  public var reason: String
  /// The session that earned it, so importing that session twice cannot earn twice.
  public var sessionUUID: String?

  public init(
    id: Int64? = nil, at: Date, kind: Kind, amount: Int64, reason: String,
    sessionUUID: String? = nil
  ) {
    self.id = id
    self.at = at
    self.kind = kind
    self.amount = amount
    self.reason = reason
    self.sessionUUID = sessionUUID
  }

  /// The signed change to the balance.
  public var change: Int64 { kind == .earn ? amount : -amount }

  static func reason(for session: SessionRecord) -> String {
    "\(session.kind.rawValue)" + (session.task ?? session.routine).map { ": \($0)" }.orEmpty
  }
}

extension Optional where Wrapped == String {
  fileprivate var orEmpty: String { self ?? "" }
}

extension CoinTransaction: TableRecord {
  static let table = "coin_transactions"
  static let columns = ["at", "kind", "amount", "reason", "session_uuid"]

  var values: [SQLValue] {
    [
      .text(Timestamp.string(at)), .text(kind.rawValue), .integer(amount), .text(reason),
      .optional(sessionUUID),
    ]
  }

  init(row: Row) {
    self.init(
      id: row.integer("id"),
      at: Timestamp.date(row.text("at") ?? "") ?? Date(timeIntervalSince1970: 0),
      kind: Kind(rawValue: row.text("kind") ?? "") ?? .earn, amount: row.integer("amount") ?? 0,
      reason: row.text("reason") ?? "", sessionUUID: row.text("session_uuid"))
  }
}
