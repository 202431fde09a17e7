import CadenceCore
import Synchronization

/// The islands and pets drawn beside the focus timer (seed 002's island display): terminal
/// art in plain ASCII, so every cell is one column wide. A default of each is free; the
/// others are bought in `cadence shop`.
public enum IslandArt {
  public struct Island: Sendable, Equatable {
    public var name: String
    /// Up to three rows beside the pet, on the left and right.
    public var left: [String]
    public var right: [String]
    /// The ground and the sea under the pet.
    public var base: [String]
  }

  public struct Pet: Sendable, Equatable {
    public var name: String
    /// Three rows, each at most 11 columns.
    public var rows: [String]
  }

  public static let defaultIsland = Shop.defaultIsland
  public static let defaultPet = Shop.defaultPet

  public static let islands: [Island] = [
    Island(
      name: "palm", left: [" \\|/    ", " --+--   ", "   |     "], right: [],
      base: [" __|_______________________ ", "/                           \\"]),
    Island(
      name: "meadow", left: ["  @  @  ", " \\|/\\|/ ", "  |  |  "],
      right: ["  *  ", " *** ", "  |  "],
      base: ["_______________________________", "\\  ,  ,   ,   ,   ,  ,   ,  /"]),
    Island(
      name: "volcano", left: [], right: ["   ( )   ", "   /^\\   ", "  /   \\  "],
      base: ["________________________/     \\", "\\    .     .      .          /"]),
    Island(
      name: "snowy", left: ["   /\\   ", "  /**\\  ", " /****\\ "],
      right: ["  *  .  ", " .  *   ", "  *   . "],
      base: [" _______________________________ ", "/ * . * . * . * . * . * . * . * \\"]),
  ]

  public static let pets: [Pet] = [
    Pet(name: "cat", rows: [" /\\_/\\ ", "( o.o )", " > ^ < "]),
    Pet(name: "fox", rows: ["/\\   /\\", "( o.o )", " \\ v / "]),
    Pet(name: "owl", rows: [" ,___, ", " (O,O) ", " /)_)  "]),
    Pet(name: "turtle", rows: ["   ____  ", " _/____\\o", "  \"   \"  "]),
    Pet(name: "dragon", rows: ["  __/\\__  ", " <(o  o)>~", "  /\\__/\\  "]),
  ]

  public static func island(_ name: String) -> Island? { islands.first { $0.name == name } }
  public static func pet(_ name: String) -> Pet? { pets.first { $0.name == name } }

  /// The scene: the pet on the island over the sea, at most `width` columns and `height`
  /// rows. Smaller than the full picture, it becomes one line naming them; with no room at
  /// all, nothing. The picture is drawn once for an island and a pet, and kept.
  public static func scene(island: Island, pet: Pet, width: Int, height: Int, colour: Bool)
    -> [String]
  {
    let picture = picture(island: island, pet: pet)
    guard width >= picture.width, height >= picture.plain.count else {
      let line = "\(pet.name) on \(island.name) island"
      return width >= line.count && height >= 1 ? [line] : []
    }
    return colour ? picture.coloured : picture.plain
  }

  /// A scene's rows drawn whole, plain and in colour, with its widest row's width.
  struct Picture: Sendable {
    var island: Island
    var pet: Pet
    var plain: [String]
    var coloured: [String]
    var width: Int
  }

  /// The last picture drawn: a view draws the same island and pet every second.
  private static let drawn = Mutex<Picture?>(nil)

  /// The picture of `pet` on `island`, drawn again only when either changed.
  static func picture(island: Island, pet: Pet) -> Picture {
    if let kept = drawn.withLock({ $0 }), kept.island == island, kept.pet == pet { return kept }
    let petWidth = 11
    let sideWidth = 9
    var rows: [String] = []
    for index in 0..<3 {
      let left = (island.left.indices.contains(index) ? island.left[index] : "")
      let right = (island.right.indices.contains(index) ? island.right[index] : "")
      let pet = pet.rows[index]
      let padding = max(0, petWidth - pet.count)
      let centred =
        String(repeating: " ", count: padding / 2) + pet
        + String(repeating: " ", count: padding - padding / 2)
      rows.append(pad(left, sideWidth) + centred + pad(right, sideWidth))
    }
    rows += island.base
    rows.append(String(repeating: "~", count: 33))
    let full = rows.map { $0.trimmedRight }
    let coloured = full.enumerated().map { index, row in
      if index == full.count - 1 { return "\u{1B}[34m\(row)\u{1B}[0m" }
      if index >= 3 { return "\u{1B}[33m\(row)\u{1B}[0m" }
      return row
    }
    let picture = Picture(
      island: island, pet: pet, plain: full, coloured: coloured,
      width: full.map(\.count).max() ?? 0)
    drawn.withLock { $0 = picture }
    return picture
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }
}

extension String {
  fileprivate var trimmedRight: String {
    String(reversed().drop { $0 == " " }.reversed())
  }
}
