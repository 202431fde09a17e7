import CadenceArguments
import CadenceCommands

/// A command line of arbitrary arguments (the bytes split at NUL). The commands that only read
/// and report run for real, against a database of the fuzzer's own; `run` and `resume`, which
/// would start a timer, are only parsed. A wrong command line is status 64 and one line on
/// standard error, followed at most by the command's usage line; nothing crashes.
enum ArgumentsFuzz {
  static let timed: Set<String> = ["run", "resume"]

  static func check(_ bytes: [UInt8]) -> [String] {
    let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false)
      .map { String(decoding: $0, as: UTF8.self) }
    guard let name = arguments.first else { return [] }
    var broken: [String] = []
    if timed.contains(name) {
      guard let spec = CadenceCLI.specs.first(where: { $0.name == name }) else {
        return ["\(name) has no command spec"]
      }
      do {
        _ = try ArgumentParser.parse(Array(arguments.dropFirst()), for: spec)
      } catch {
        broken += FuzzSentence.problems(error.description, input: "\(arguments)")
      }
      return broken
    }
    let (status, _, error) = FuzzWorkspace.shared.run(arguments)
    switch status {
    case 0, 65, 66:
      break
    case 64:
      let lines = error.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      let sentences = lines.filter { !$0.hasPrefix("Usage: ") }
      if sentences.count != 1 {
        broken.append("\(arguments) was refused with other than one error line: \(error)")
      }
    default:
      broken.append("\(arguments) ended with status \(status): \(error)")
    }
    return broken
  }
}
