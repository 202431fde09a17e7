import CadenceTerminal

extension Console {
  /// Standard output as a full-screen view writes to it.
  var terminal: TerminalOutput { TerminalOutput(write: writeOut, colour: colour) }
}
