import CadenceSystem

extension Console {
  /// Standard output as a full-screen view writes to it.
  public var terminal: TerminalOutput { TerminalOutput(write: writeOut, colour: colour) }
}
