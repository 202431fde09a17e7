extension String {
  /// The text without the spaces at its end (a table's padding, say).
  public func trimmingTrailingSpaces() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
