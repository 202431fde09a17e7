import CadenceArguments
import CadenceCommands
import CadenceCore
import CadenceText

/// A command line of arbitrary arguments (the bytes split at NUL). The commands that only read
/// and report run for real, against a database and folders of the fuzzer's own; those that
/// would start or watch a timer (`run`, `resume`, `timer`, `focus`, `attach`, `plan --watch`)
/// and `add`, which may read standard input, are only parsed. A wrong command line is status 64
/// and a line for each problem on standard error, each starting with where, then at most the
/// usage line; a control command with no run to act on is status 69 and one line (as is an
/// output that cannot be made, 73, a failed write, 74, or a locked database, 75); `status`
/// with no run is status 1 (an empty status bar); nothing crashes.
enum ArgumentsFuzz {
  static let timed: Set<String> = ["run", "resume", "timer", "focus", "attach", "add"]

  static func check(_ bytes: [UInt8]) -> [String] {
    let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false)
      .map { String(decoding: $0, as: UTF8.self) }
    guard let name = arguments.first else { return [] }
    var broken: [String] = []
    if timed.contains(name) || (name == "plan" && arguments.contains("--watch")) {
      guard let spec = CadenceCLI.specs.first(where: { $0.name == name }) else {
        return ["\(name) has no command spec"]
      }
      // The console writes every refusal on one line (the commands run below show it); here
      // the parser must only refuse with something to say.
      do {
        _ = try ArgumentParser.parse(Array(arguments.dropFirst()), for: spec)
      } catch {
        if error.message.isEmpty { broken.append("\(arguments) was refused without a word") }
      }
      return broken
    }
    let (status, _, error) = FuzzWorkspace.shared.run(arguments)
    switch status {
    case 0, 65, 66:
      break
    case 1 where name == "status":
      break
    case 69, 73, 74, 75:
      // Nothing to act on, an output that cannot be made, a failed write, a locked database.
      if error.split(separator: "\n").count != 1 {
        broken.append("\(arguments) ended with \(status) without one line to say why: \(error)")
      }
    case 64:
      // Each problem is one line that starts with where: "Error:" for the command line, or the
      // file it is about (check reports every file it was given), as given or as a name found
      // in the library or among the built-in routines ("built-in/NAME.lua").
      let lines = error.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      let sentences = lines.filter { !$0.hasPrefix("Usage: ") }
      if sentences.isEmpty { broken.append("\(arguments) was refused without a word") }
      for line in sentences
      where !line.hasPrefix("Error: ") && !says(where: line, arguments: arguments) {
        broken.append("\(arguments) was refused with a line that does not say where: \(line)")
      }
    default:
      broken.append("\(arguments) ended with status \(status): \(error)")
    }
    return broken
  }

  /// Whether `line` starts with one of the arguments as the place it is about: the argument
  /// itself, or the file a routine's name was found as.
  static func says(where line: Substring, arguments: [String]) -> Bool {
    guard let end = line.firstRange(of: ": ") else { return false }
    let place = line[..<end.lowerBound]
    return arguments.contains { argument in
      let given = QuotedText.oneLine(argument)
      return !given.isEmpty
        && (place == given || place.hasSuffix("/\(given)") || place.hasSuffix("/\(given).lua"))
    }
  }
}
