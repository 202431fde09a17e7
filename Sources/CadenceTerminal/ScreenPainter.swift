/// Writes a full-screen frame, only what changed since the last one (as curses does): each
/// line is compared cell by cell with the one on screen, and only the runs of cells that
/// differ are written, each after a cursor move; a line that ends earlier than before is
/// cleared to its end. A line whose cells cannot be placed by column with certainty (wide or
/// combining characters) is written whole when it changes.
public final class ScreenPainter {
  private let console: TerminalOutput
  private var lastFrame: [String] = []
  private var lastCells: [[Cell]?] = []

  public init(console: TerminalOutput) { self.console = console }

  /// Draws `frame`; `force` redraws every line (after another view drew over it, or a resize).
  public func paint(_ frame: [String], force: Bool = false) {
    let whole = force || frame.count != lastFrame.count
    // Built as bytes: a frame's writes are many short pieces, and bytes append cheaply.
    var text: [UInt8] = []
    text.reserveCapacity(256)
    if whole { text += Self.home }
    var cells: [[Cell]?] = []
    cells.reserveCapacity(frame.count)
    for (offset, line) in frame.enumerated() {
      let unchanged = !whole && TerminalLine.same(lastFrame[offset], line)
      let parsed = unchanged ? lastCells[offset] : Cell.parse(line)
      cells.append(parsed)
      if unchanged { continue }
      if !whole, let parsed, let old = lastCells[offset] {
        Self.changes(from: old, to: parsed, row: offset + 1, into: &text)
      } else {
        Self.move(to: offset + 1, column: 1, into: &text)
        text += line.utf8
        if !whole { text += Self.clearToEnd }
      }
    }
    if !text.isEmpty { console.write(String(decoding: text, as: UTF8.self)) }
    lastFrame = frame
    lastCells = cells
  }

  /// Forgets what is on screen, so the next frame is drawn whole.
  public func reset() {
    lastFrame = []
    lastCells = []
  }

  /// Cells this close together are written through rather than moved over: a cursor move
  /// costs about as much as a few cells.
  static let gap = 4

  private static let home = Array("\u{1B}[H\u{1B}[J".utf8)
  private static let clearToEnd = Array("\u{1B}[K".utf8)
  private static let plainAttributes = Array("\u{1B}[0m".utf8)

  /// The move of the cursor to `row` and `column` (from 1).
  private static func move(to row: Int, column: Int, into text: inout [UInt8]) {
    text += [0x1B, UInt8(ascii: "[")]
    decimal(row, into: &text)
    text.append(UInt8(ascii: ";"))
    decimal(column, into: &text)
    text.append(UInt8(ascii: "H"))
  }

  /// `number` (not negative) in decimal digits.
  private static func decimal(_ number: Int, into text: inout [UInt8]) {
    var divisor = 1
    while divisor <= number / 10 { divisor *= 10 }
    var rest = number
    while divisor > 0 {
      text.append(UInt8(ascii: "0") + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }

  /// The writes that turn `old` into `new` on screen row `row`.
  static func changes(from old: [Cell], to new: [Cell], row: Int, into text: inout [UInt8]) {
    let blank = Cell(attributes: 0, character: " ")
    let width = max(old.count, new.count)
    var column = 0
    while column < width {
      let before = column < old.count ? old[column] : blank
      let after = column < new.count ? new[column] : blank
      if before == after {
        column += 1
        continue
      }
      // A run of changes, through short stretches of cells that did not change.
      var end = column + 1
      var quiet = 0
      var scan = end
      while scan < width, quiet <= gap {
        let was = scan < old.count ? old[scan] : blank
        let now = scan < new.count ? new[scan] : blank
        if was == now {
          quiet += 1
        } else {
          quiet = 0
          end = scan + 1
        }
        scan += 1
      }
      move(to: row, column: column + 1, into: &text)
      if column >= new.count || new[column...].allSatisfy({ $0 == blank }) {
        // Nothing but blanks from here on: the rest of the line is cleared.
        text += clearToEnd
        return
      }
      var attributes: UInt32 = 0
      let written = min(end, new.count)
      for index in column..<written {
        let cell = new[index]
        if cell.attributes != attributes {
          text += plainAttributes
          text += Attributes.text(cell.attributes).utf8
          attributes = cell.attributes
        }
        text += cell.character.utf8
      }
      if attributes != 0 { text += plainAttributes }
      if end > new.count {
        // What is left of the old line past the new one's end.
        text += clearToEnd
        return
      }
      column = end
    }
  }

  /// One column of a line: its character and the attributes (SGR sequences) it is drawn in,
  /// named by their place in `Attributes`, so that a cell is copied without reference counts.
  struct Cell: Equatable {
    var attributes: UInt32
    /// One scalar: a character of more is never one column for certain.
    var character: Unicode.Scalar

    /// The cells of `line`, one a column; nil when a character's width is not certainly one
    /// column (an emoji, a wide or combining character) or an escape is not a colour. A plain
    /// line (`TerminalLine.isPlain`) is read by its scalars, which are its characters.
    static func parse(_ line: String) -> [Cell]? {
      let plain = TerminalLine.withBytes(line, parsePlain)
      guard let plain else { return parseCharacters(line) }
      return plain
    }

    /// `parse` of a line's UTF-8, scalar by scalar: nil when a scalar is not plain (the line is
    /// then read by characters), and nil within when an escape is not a colour. The cells are
    /// written straight into place: a view parses each line that changed, every second.
    private static func parsePlain(_ bytes: UnsafeBufferPointer<UInt8>) -> [Cell]?? {
      var plain = true
      var colours = true
      var attributes = ""
      var place: UInt32 = 0
      var escape: Int?
      let cells = [Cell](unsafeUninitializedCapacity: bytes.count) { cells, count in
        var offset = 0
        while offset < bytes.count {
          let (value, length) = TerminalLine.scalar(in: bytes, at: offset)
          guard TerminalLine.isPlain(value), let scalar = Unicode.Scalar(value) else {
            plain = false
            return
          }
          defer { offset += length }
          if let start = escape {
            guard TerminalLine.isLetter(value) else { continue }
            let text = String(
              decoding: UnsafeBufferPointer(rebasing: bytes[start..<(offset + length)]),
              as: UTF8.self)
            attributes = text == "\u{1B}[0m" || text == "\u{1B}[m" ? "" : attributes + text
            guard scalar == "m", let named = Attributes.place(attributes) else {
              colours = false
              return
            }
            place = named
            escape = nil
            continue
          }
          if value == 0x1B {
            escape = offset
            continue
          }
          (cells.baseAddress! + count).initialize(to: Cell(attributes: place, character: scalar))
          count += 1
        }
      }
      guard plain else { return nil }
      return colours && escape == nil ? cells : .some(nil)
    }

    /// `parse` by characters, for a line that is not plain.
    static func parseCharacters(_ line: String) -> [Cell]? {
      var cells: [Cell] = []
      var attributes = ""
      var place: UInt32 = 0
      var escape: String?
      for character in line {
        if var sequence = escape {
          sequence.append(character)
          if character.isLetter {
            guard character == "m" else { return nil }
            attributes =
              sequence == "\u{1B}[0m" || sequence == "\u{1B}[m" ? "" : attributes + sequence
            guard let named = Attributes.place(attributes) else { return nil }
            place = named
            escape = nil
          } else {
            escape = sequence
          }
          continue
        }
        if character == "\u{1B}" {
          escape = "\u{1B}"
          continue
        }
        guard isNarrow(character), let scalar = character.unicodeScalars.first else { return nil }
        cells.append(Cell(attributes: place, character: scalar))
      }
      return escape == nil ? cells : nil
    }

    /// Whether `character` takes one column on every terminal: one scalar, printable, from
    /// Latin to the geometric shapes (box drawing, blocks, arrows, the clock's marks).
    static func isNarrow(_ character: Character) -> Bool {
      let scalars = character.unicodeScalars
      guard scalars.count == 1, let scalar = scalars.first else { return false }
      switch scalar.value {
      case 0x20...0x7E, 0xA0...0x2FF, 0x370...0x52F, 0x2010...0x25FF: return true
      default: return false
      }
    }
  }
}
