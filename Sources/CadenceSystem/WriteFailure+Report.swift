import CadenceText

extension WriteFailure {
  /// One sentence naming the output and saying what happened to it and what to do.
  public var sentence: String {
    let name =
      output == OutputChannels.output.name || output == OutputChannels.error.name
      ? output : TerminalText.line(output)
    if isCannotCreate {
      return
        "\(name): cannot be written (\(errno)); check that its folder exists and that you may write there"
    }
    let what =
      untouched
      ? "not written (\(errno)), and left as it was"
      : "could not be written whole (\(errno)), so what it received is cut short"
    return "\(name): \(what); \(advice)"
  }

  /// What to do about the failure.
  private var advice: String {
    if errno.isOutOfSpace { return "free some space and try again, or write somewhere else" }
    if errno == .fileTooLarge {
      return "raise the file-size limit (ulimit -f) or write somewhere else"
    }
    return "check the disk or device, or write somewhere else"
  }

  /// The exit status: 73 for an output that cannot be made, else 74.
  public var exitCode: ExitCode { isCannotCreate ? .cannotCreate : .ioError }
}
