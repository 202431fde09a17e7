/// A cursor over text for the small grammars of durations and clock times.
struct Scanner {
  private let characters: [Character]
  private var position = 0

  init(_ text: String) { characters = Array(text) }

  var isAtEnd: Bool { position >= characters.count }
  var peek: Character? { isAtEnd ? nil : characters[position] }

  mutating func advance(by count: Int = 1) { position = min(characters.count, position + count) }

  func hasPrefix(_ text: String) -> Bool {
    let wanted = Array(text)
    guard position + wanted.count <= characters.count else { return false }
    return Array(characters[position..<position + wanted.count]) == wanted
  }

  mutating func skipSpaces() {
    while let character = peek, character == " " { advance() }
  }

  /// Digits with an optional fraction, as a `DecimalNumber`.
  mutating func number() -> DecimalNumber? {
    let start = position
    while let character = peek, character.isASCIIDigit || character == "." { advance() }
    return DecimalNumber(String(characters[start..<position]))
  }

  mutating func letters() -> String {
    let start = position
    while let character = peek, character.isASCIILetter { advance() }
    return String(characters[start..<position])
  }
}
