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
    var text = whole ? "\u{1B}[H\u{1B}[J" : ""
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
        text += "\u{1B}[\(offset + 1);1H" + line + (whole ? "" : "\u{1B}[K")
      }
    }
    if !text.isEmpty { console.write(text) }
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

  /// The writes that turn `old` into `new` on screen row `row`.
  static func changes(from old: [Cell], to new: [Cell], row: Int, into text: inout String) {
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
      text += "\u{1B}[\(row);\(column + 1)H"
      if column >= new.count || new[column...].allSatisfy({ $0 == blank }) {
        // Nothing but blanks from here on: the rest of the line is cleared.
        text += "\u{1B}[K"
        return
      }
      var attributes: UInt32 = 0
      let written = min(end, new.count)
      for index in column..<written {
        let cell = new[index]
        if cell.attributes != attributes {
          text += "\u{1B}[0m" + Attributes.text(cell.attributes)
          attributes = cell.attributes
        }
        text.unicodeScalars.append(cell.character)
      }
      if attributes != 0 { text += "\u{1B}[0m" }
      if end > new.count {
        // What is left of the old line past the new one's end.
        text += "\u{1B}[K"
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
      guard TerminalLine.isPlain(line) else { return parseCharacters(line) }
      guard line.utf8.contains(0x1B) else {
        return line.unicodeScalars.map { Cell(attributes: 0, character: $0) }
      }
      var cells: [Cell] = []
      cells.reserveCapacity(line.utf8.count)
      var attributes = ""
      var place: UInt32 = 0
      var escape: String.UnicodeScalarView?
      for scalar in line.unicodeScalars {
        if var sequence = escape {
          sequence.append(scalar)
          if TerminalLine.isLetter(scalar) {
            guard scalar == "m" else { return nil }
            let text = String(sequence)
            attributes = text == "\u{1B}[0m" || text == "\u{1B}[m" ? "" : attributes + text
            guard let named = Attributes.place(attributes) else { return nil }
            place = named
            escape = nil
          } else {
            escape = sequence
          }
          continue
        }
        if scalar == "\u{1B}" {
          escape = "\u{1B}".unicodeScalars
          continue
        }
        cells.append(Cell(attributes: place, character: scalar))
      }
      return escape == nil ? cells : nil
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
