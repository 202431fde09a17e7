/// The words nearest to a mistyped one, for "did you mean": those it begins or that begin it,
/// or else those the fewest edits away (at most two).
enum Nearest {
  static func words(to word: String, among names: [String]) -> [String] {
    guard !word.isEmpty else { return [] }
    let prefixed = names.filter { $0.hasPrefix(word) || word.hasPrefix($0) }
    if !prefixed.isEmpty { return prefixed }
    let distances = names.map { distance(word, $0) }
    guard let best = distances.min(), best <= 2 else { return [] }
    return zip(names, distances).filter { $0.1 == best }.map(\.0)
  }

  /// The closest option name for an unknown `--word`, as the parser suggests it.
  static func closest(_ word: String, among names: [String]) -> String? {
    names.first { $0.hasPrefix(word) && !word.isEmpty }
      ?? names.min { distance(word, $0) < distance(word, $1) }.flatMap {
        distance(word, $0) <= 2 ? $0 : nil
      }
  }

  /// The Levenshtein distance between two words.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var row = Array(0...b.count)
    for i in 1...a.count {
      var next = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        next[j] = min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      row = next
    }
    return row[b.count]
  }
}
