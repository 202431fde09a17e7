import CadenceCore

extension RoutineHooks: HookCaller {
  /// What the routine printed since the last call, line by line.
  public func takePrinted() -> (lines: [String], truncated: Bool) {
    let printed = file.takeOutput()
    guard !printed.text.isEmpty else { return ([], printed.truncated) }
    let lines = printed.text.split(separator: "\n", omittingEmptySubsequences: false)
    return (
      lines.dropLast(printed.text.hasSuffix("\n") ? 1 : 0).map(String.init), printed.truncated
    )
  }
}
