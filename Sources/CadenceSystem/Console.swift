import CadenceText

/// Where a command writes, and what the place it writes to can show.
///
/// The console of the process writes through ``OutputChannel``s, every write checked: a closed
/// pipe on standard output is quiet (``ClosedOutput``), and any other failure is kept and told
/// once the command is done (``finish(_:)``), with status 74.
public struct Console {
  public var writeOut: (String) -> Void
  public var writeError: (String) -> Void
  /// Whether standard output is a terminal (so cursor movement and a full-screen view work).
  public var isTerminal: Bool
  /// Whether to colour: only on a terminal, and never when NO_COLOR is set.
  public var colour: Bool
  /// Columns available for drawing.
  public var width: Int
  /// The writes that failed so far (standard output's first), closed pipes left out.
  public var writeFailures: () -> [WriteFailure]

  public init(
    writeOut: @escaping (String) -> Void, writeError: @escaping (String) -> Void,
    isTerminal: Bool, colour: Bool, width: Int,
    writeFailures: @escaping () -> [WriteFailure] = { [] }
  ) {
    self.writeOut = writeOut
    self.writeError = writeError
    self.isTerminal = isTerminal
    self.colour = colour
    self.width = width
    self.writeFailures = writeFailures
  }

  public func out(_ text: String) { writeOut(text) }
  public func error(_ text: String) { writeError(text) }

  /// Writes a message for the user on standard error as one line, whatever text from the
  /// command line, a routine or a database it quotes.
  public func problem(_ sentence: String) { writeError(QuotedText.oneLine(sentence) + "\n") }

  /// The status a command ends with, once its writes are checked: a write to standard output
  /// that failed is told in one sentence, and the command ends with 74 (so does one whose
  /// standard error failed, which can tell nothing) unless it already failed with an error
  /// of its own (64 and up: a bad routine, a signal), which is kept.
  public func finish(_ status: ExitCode) -> ExitCode {
    let failures = writeFailures()
    guard !failures.isEmpty else { return status }
    if let output = failures.first(where: { $0.output == OutputChannels.output.name }) {
      problem(output.sentence)
    }
    return status.rawValue >= ExitCode.usage.rawValue ? status : .ioError
  }

  /// The console of this process: standard output and standard error.
  public static func standard(environment: [String: String]) -> Console {
    let terminal = Terminal.isTerminal(Descriptor.standardOutput)
    var width = Int(environment["COLUMNS"] ?? "") ?? 0
    if width <= 0, terminal {
      if let columns = Terminal.columns(Descriptor.standardOutput) { width = columns }
    }
    return Console(
      writeOut: { text in OutputChannels.writeOutput(text) },
      writeError: { text in OutputChannels.error.write(text) },
      isTerminal: terminal,
      colour: terminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb",
      width: width > 0 ? width : 80,
      writeFailures: { OutputChannels.failures })
  }
}
