/// Suggestions for misspelt names: the closest candidate within a small edit distance.
enum Spelling {
  static func closest(to word: String, among candidates: [String]) -> String? {
    let limit = word.count <= 4 ? 1 : 2
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(word.lowercased(), candidate.lowercased())
      if distance <= limit, distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
    }
    return best?.name
  }

  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      previous = current
    }
    return previous[b.count]
  }

  /// A count with thousands separators: 1,001,000.
  static func count(_ value: Int) -> String {
    let digits = Array(String(value.magnitude))
    var text = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { text += "," }
      text.append(digit)
    }
    return value < 0 ? "-" + text : text
  }

  /// "a, b and c" for lists in messages.
  static func list(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + items.last!
  }
}
