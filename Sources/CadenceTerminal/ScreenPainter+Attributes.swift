import Synchronization

extension ScreenPainter {
  /// The attributes (runs of SGR sequences) that cells are drawn in, each kept once for the
  /// process and named by its place; place 0 is none. A frame's colours are few; past
  /// `capacity` of them, a line with another is written whole rather than cell by cell.
  enum Attributes {
    static let capacity = 1024

    private struct Table {
      var texts = [""]
      var places = ["": UInt32(0)]
    }

    private static let table = Mutex(Table())

    /// The place of `text`, given one if it has none; nil when the table is full.
    static func place(_ text: String) -> UInt32? {
      if text.isEmpty { return 0 }
      return table.withLock { table in
        if let place = table.places[text] { return place }
        guard table.texts.count < capacity else { return nil }
        let place = UInt32(table.texts.count)
        table.texts.append(text)
        table.places[text] = place
        return place
      }
    }

    /// The sequences at `place`.
    static func text(_ place: UInt32) -> String {
      place == 0 ? "" : table.withLock { $0.texts[Int(place)] }
    }
  }
}
