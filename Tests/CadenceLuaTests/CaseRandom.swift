import CadenceTestSupport

/// The deterministic source of the generated cases: SplitMix64 from a fixed seed, with the
/// picks the generators need, and Lua literals for what they pick.
struct CaseRandom {
  var mix: SeededRandom

  init(seed: UInt64) { mix = SeededRandom(seed: seed) }

  /// A number in `range`.
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(mix.next() % UInt64(range.count))
  }

  mutating func pick<T>(_ choices: [T]) -> T { choices[int(0...(choices.count - 1))] }

  /// True with a chance of one in `n`.
  mutating func oneIn(_ n: Int) -> Bool { int(1...n) == 1 }

  /// A string of up to `length` characters from `alphabet`.
  mutating func text(from alphabet: [String], upTo length: Int) -> String {
    var out = ""
    for _ in 0..<int(0...length) { out += pick(alphabet) }
    return out
  }

  /// `text` as a Lua string literal, bytes outside printable ASCII escaped.
  static func quote(_ text: String) -> String {
    var out = "\""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += "\\" + String(UnicodeScalar(byte))
      case 0x20...0x7E: out += String(UnicodeScalar(byte))
      default: out += "\\\(byte)"
      }
    }
    return out + "\""
  }
}
