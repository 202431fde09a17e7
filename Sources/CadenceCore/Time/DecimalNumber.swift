/// An unsigned decimal as written: whole digits and fraction digits, kept as text so that
/// durations convert to milliseconds without binary rounding of the whole part.
struct DecimalNumber: Equatable {
  var whole: Int64
  /// The first nine fraction digits.
  var fraction: String
  /// Whether a digit other than zero came after the first nine of the fraction.
  var dropsDigits: Bool
  var text: String

  init(whole: Int64, fraction: String, dropsDigits: Bool = false) {
    self.whole = whole
    self.fraction = fraction
    self.dropsDigits = dropsDigits
    self.text = fraction.isEmpty ? String(whole) : "\(whole).\(fraction)"
  }

  /// Reads `"12"`, `"1.5"` or `".5"`; nil for anything else or more than 15 whole digits.
  init?(_ text: String) {
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let wholeText = parts[0]
    let fractionText = parts.count > 1 ? parts[1] : ""
    guard !(wholeText.isEmpty && fractionText.isEmpty), wholeText.count <= 15,
      wholeText.allSatisfy(\.isASCIIDigit), fractionText.allSatisfy(\.isASCIIDigit),
      parts.count == 1 || !fractionText.isEmpty
    else { return nil }
    self.whole = Int64(wholeText) ?? 0
    self.fraction = String(fractionText.prefix(9))
    self.dropsDigits = fractionText.dropFirst(9).contains { $0 != "0" }
    self.text = text
  }
}

extension Character {
  var isASCIIDigit: Bool { isASCII && isNumber }
  var isASCIILetter: Bool { isASCII && isLetter }
}

extension String {
  func trimmingWhitespace() -> String {
    var slice = Substring(self)
    while let first = slice.first, first.isWhitespace { slice.removeFirst() }
    while let last = slice.last, last.isWhitespace { slice.removeLast() }
    return String(slice)
  }
}
