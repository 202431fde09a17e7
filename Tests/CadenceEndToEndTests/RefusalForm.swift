import Testing

/// The house form of a refusal: one sentence on standard error; a bad command line (64) is
/// followed by the command's usage line, and only it starts with `Error:`.
enum RefusalForm {
  /// Expects `standardError`, from `cadence arguments` that exited `status`, in that form.
  static func expect(
    _ standardError: String, status: Int32, arguments: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let lines = standardError.split(separator: "\n")
    #expect(
      lines.count == (status == 64 ? 2 : 1), "\(standardError)", sourceLocation: sourceLocation)
    if status == 64 {
      #expect(
        lines.last?.hasPrefix("Usage: cadence \(arguments[0]) ") == true,
        sourceLocation: sourceLocation)
    } else {
      #expect(
        !standardError.hasPrefix("Error:"), "\(standardError)", sourceLocation: sourceLocation)
    }
  }
}
