/// What every message Cadence shows a user must be: something, on one line.
enum FuzzSentence {
  static func problems(_ message: String, input: String) -> [String] {
    var broken: [String] = []
    if message.isEmpty {
      broken.append("\(input.debugDescription) was refused with an empty message")
    }
    if message.contains("\n") || message.contains("\r") {
      broken.append("\(input.debugDescription) was refused over several lines: \(message)")
    }
    return broken
  }
}
