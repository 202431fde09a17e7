/// What an option's value or an argument is: the parser checks it, and completion offers it.
public enum ValueKind: Sendable, Equatable {
  /// Any text.
  case text
  /// A whole number within the range.
  case integer(ClosedRange<Int>)
  /// One of these words (compared without regard to case; the list is what help and completion
  /// show), or one of the other spellings accepted for them (`analog` for `analogue`).
  case choice([String], aliases: [String] = [])
  /// A path to a file.
  case file
  /// A routine: a file, or the name of one in the library.
  case routine
  /// The name of a cadence command.
  case command
  /// `NAME=VALUE`: a name, an equals sign, and a value (which may be empty).
  case assignment
  /// A word from a list the program prints when completing (`tasks`, `goals`, `settings`, or
  /// `setting values`, the value of the key before it): see ``ProgramSpec/lister``. Not
  /// checked by the parser.
  case listed(String)

  /// The value's problem, as the end of a sentence that starts with the option, or nil.
  func problem(with value: String) -> String? {
    switch self {
    case .integer(let range):
      guard let number = Int(value), range.contains(number) else {
        return "takes a whole number from \(range.lowerBound) to \(range.upperBound), not "
          + ValueKind.quote(value)
      }
      return nil
    case .choice(let words, let aliases):
      guard (words + aliases).contains(where: { $0.lowercased() == value.lowercased() }) else {
        return "takes \(ValueKind.list(words)), not \(ValueKind.quote(value))"
      }
      return nil
    case .assignment:
      guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
        return "takes NAME=VALUE, such as rounds=5, not \(ValueKind.quote(value))"
      }
      return nil
    case .text, .file, .routine, .command, .listed:
      return nil
    }
  }

  /// `a`, `a or b`, `a, b or c` (or with another last word).
  static func list(_ words: [String], joinedBy last: String = "or") -> String {
    guard let final = words.last else { return "nothing" }
    return words.count == 1
      ? final : words.dropLast().joined(separator: ", ") + " \(last) " + final
  }

  /// A value in double quotes on one line: control characters are shown as `?`, long text clipped.
  static func quote(_ value: String) -> String {
    let shown = value.unicodeScalars.prefix(40).map { scalar -> String in
      scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) ? "?" : String(scalar)
    }
    return "\"" + shown.joined() + (value.unicodeScalars.count > 40 ? "..." : "") + "\""
  }
}
