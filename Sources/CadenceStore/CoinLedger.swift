import FoundationEssentials

/// The `coin_transactions` and `owned_items` tables: coins earned and spent, and what they
/// bought. The balance is the sum of the ledger and can never go negative: a spend checks it in
/// the same transaction, and a trigger in the database refuses one that would.
public struct CoinLedger {
  let database: Database

  /// Coins earned minus coins spent.
  ///
  /// Summed as SQLite's `TOTAL` (a real number, which cannot overflow as `SUM` does) and held
  /// to the range of a whole number, so a ledger holding any amounts still gives a balance.
  public func balance() throws(StoreError) -> Int64 {
    let total =
      try database.query(
        "SELECT TOTAL(CASE kind WHEN 'earn' THEN amount ELSE -amount END) FROM coin_transactions"
      ) { $0.real(0) }.first ?? 0
    if total >= 0x1p63 { return .max }
    if total <= -0x1p63 { return .min }
    return Int64(total)
  }

  /// Every transaction, in the order they were written.
  public func transactions() throws(StoreError) -> [CoinTransaction] {
    try database.select(CoinTransaction.self, "ORDER BY id")
  }

  func insert(_ transaction: CoinTransaction) throws(StoreError) {
    if let uuid = transaction.sessionUUID {
      let known = try database.scalarInteger(
        "SELECT count(*) FROM coin_transactions WHERE session_uuid = ?1", [.text(uuid)])
      if known ?? 0 > 0 { return }
    }
    if transaction.kind == .spend {
      let balance = try balance()
      guard balance >= transaction.amount else {
        throw .notEnoughCoins(path: database.path, balance: balance, price: transaction.amount)
      }
    }
    _ = try database.insert(transaction)
  }

  /// Spends `price` coins on `item` and records it as owned, together; refused (and nothing
  /// written) when the balance is short or the item is already owned.
  public func buy(_ item: OwnedItem, price: Int64) throws(StoreError) {
    try database.transaction { () throws(StoreError) in
      guard try !owns(item.kind, item.name) else { return }
      if price > 0 {
        try insert(
          CoinTransaction(
            at: item.acquiredAt, kind: .spend, amount: price,
            reason: "\(item.kind.rawValue): \(item.name)"))
      }
      _ = try database.insert(item)
    }
  }

  /// Whether `name` of `kind` has been bought.
  public func owns(_ kind: OwnedItem.Kind, _ name: String) throws(StoreError) -> Bool {
    try database.scalarInteger(
      "SELECT count(*) FROM owned_items WHERE kind = ?1 AND name = ?2",
      [.text(kind.rawValue), .text(name)]) ?? 0 > 0
  }

  /// Everything bought, oldest first.
  public func owned() throws(StoreError) -> [OwnedItem] {
    try database.select(OwnedItem.self, "ORDER BY acquired_at, id")
  }
}
