/// The process's standard output and standard error, each one checked ``OutputChannel``:
/// everything a command prints goes through them (``Console/standard(environment:)``, the
/// bell, the terminal's modes).
public enum OutputChannels {
  public static let output = OutputChannel(
    descriptor: Descriptor.standardOutput, name: "standard output")
  public static let error = OutputChannel(
    descriptor: Descriptor.standardError, name: "standard error")

  /// Writes to standard output. A reader that went away (EPIPE) closes it as ``ClosedOutput``
  /// says; a terminal that hung up is left to SIGHUP; any other failure is kept for
  /// ``Console/finish(_:)``, and a run told to stop.
  public static func writeOutput(_ text: String) {
    guard let failure = output.write(text) else { return }
    if failure.isClosedPipe {
      ClosedOutput.shared.markClosed()
    } else if !failure.readerGone {
      ClosedOutput.shared.markBroken()
    }
  }

  /// The writes that failed, standard output's first; a reader gone (a closed pipe, a
  /// terminal hung up) and a standard error that is not open at all are not failures worth a
  /// status.
  public static var failures: [WriteFailure] {
    [output.failure, error.failure].compactMap { $0 }.filter {
      !$0.readerGone && $0.errno != .badDescriptor
    }
  }

  /// The status to exit with from anywhere (a signal, a key), once the writes are checked as
  /// ``Console/finish(_:)`` checks them.
  public static func finish(_ status: ExitCode) -> ExitCode {
    Console(
      writeOut: writeOutput, writeError: { error.write($0) }, isTerminal: false, colour: false,
      width: 80, writeFailures: { failures }
    ).finish(status)
  }
}
