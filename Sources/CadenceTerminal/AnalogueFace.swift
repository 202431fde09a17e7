import CadenceSystem
import Synchronization

/// A round clock face drawn in characters: twelve marks, and a hand that sweeps once per
/// segment, pointing at the part of the segment that has passed.
public enum AnalogueFace {
  /// The dial of the last height drawn, its marks without the hand: a view draws the same
  /// dial every second.
  private static let dial = Mutex<(height: Int, grid: [[Character]])?>(nil)

  /// `rows` lines (odd, at least 7) for `fraction` of the segment elapsed.
  public static func render(fraction: Double, rows: Int) -> [String] {
    let height = max(7, rows | 1)
    let radius = Double(height / 2)
    let width = Int(radius * 4) + 1
    let centre = (x: Double(width / 2), y: radius)
    func plot(_ grid: inout [[Character]], _ angle: Double, _ distance: Double, _ mark: Character) {
      let x = Int((centre.x + Trigonometry.sine(angle) * distance * 2).rounded())
      let y = Int((centre.y - Trigonometry.cosine(angle) * distance).rounded())
      guard y >= 0, y < height, x >= 0, x < width else { return }
      grid[y][x] = mark
    }
    var grid: [[Character]]
    if let kept = dial.withLock({ $0 }), kept.height == height {
      grid = kept.grid
    } else {
      grid = Array(repeating: Array(repeating: Character(" "), count: width), count: height)
      for hour in 0..<12 {
        plot(&grid, Double(hour) / 12 * 2 * .pi, radius, hour % 3 == 0 ? "●" : "·")
      }
      let marks = grid
      dial.withLock { $0 = (height, marks) }
    }
    let angle = max(0, min(1, fraction)) * 2 * .pi
    var distance = 0.0
    while distance < radius - 0.8 {
      plot(&grid, angle, distance, "█")
      distance += 0.25
    }
    plot(&grid, 0, 0, "◉")
    return grid.map { String($0) }
  }
}
