import CadenceText

/// A command a hook asks to run: an argument list (the first is the program; never a shell),
/// and how long it may take before it is killed with everything it started. Cadence runs it,
/// off the timer, and only for a routine the user trusts.
public struct HookAction: Sendable, Equatable {
  /// The longest time limit a hook may ask for, in milliseconds.
  public static let maximumTimeout: Int64 = 60_000
  /// The time limit when the hook gives none, in milliseconds.
  public static let defaultTimeout: Int64 = 5_000

  public var arguments: [String]
  public var timeout: Int64

  public init(arguments: [String], timeout: Int64 = HookAction.defaultTimeout) {
    self.arguments = arguments
    self.timeout = timeout
  }

  /// The command as one line for a person to read: each argument quoted when it needs it, and
  /// the whole cut after 120 characters.
  public var commandLine: String {
    let line = arguments.map { argument in
      let plain =
        !argument.isEmpty
        && argument.utf8.allSatisfy { byte in
          byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")
            && byte != UInt8(ascii: "\\")
        }
      return plain ? argument : QuotedText.quote(argument)
    }.joined(separator: " ")
    return line.count > 120 ? String(line.prefix(119)) + "…" : line
  }
}
