import CadenceSystem

/// A round clock face drawn in characters: twelve marks, and a hand that sweeps once per
/// segment, pointing at the part of the segment that has passed.
public enum AnalogueFace {
  /// `rows` lines (odd, at least 7) for `fraction` of the segment elapsed.
  public static func render(fraction: Double, rows: Int) -> [String] {
    let height = max(7, rows | 1)
    let radius = Double(height / 2)
    let width = Int(radius * 4) + 1
    var grid = Array(repeating: Array(repeating: Character(" "), count: width), count: height)
    let centre = (x: Double(width / 2), y: radius)
    func plot(_ angle: Double, _ distance: Double, _ mark: Character) {
      let x = Int((centre.x + Trigonometry.sine(angle) * distance * 2).rounded())
      let y = Int((centre.y - Trigonometry.cosine(angle) * distance).rounded())
      guard y >= 0, y < height, x >= 0, x < width else { return }
      grid[y][x] = mark
    }
    for hour in 0..<12 {
      plot(Double(hour) / 12 * 2 * .pi, radius, hour % 3 == 0 ? "●" : "·")
    }
    let angle = max(0, min(1, fraction)) * 2 * .pi
    var distance = 0.0
    while distance < radius - 0.8 {
      plot(angle, distance, "█")
      distance += 0.25
    }
    plot(0, 0, "◉")
    return grid.map { String($0) }
  }
}
