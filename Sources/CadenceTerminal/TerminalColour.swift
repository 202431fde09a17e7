import CadenceCore
import CadenceText
import FoundationEssentials

/// A goal's colour: one of the terminal's sixteen named colours, or `#rrggbb`.
public struct TerminalColour: Equatable, Sendable {
  public static let names = [
    "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
  ]

  /// As stored and shown, in the words the user gave (as documented): `green`, `bright-blue`,
  /// `grey` or `#33aa66`.
  public let text: String
  private let code: String

  /// Reads a colour name (`green`, `bright-blue`, `grey`) or `#rrggbb`; nil when it is neither.
  /// `gray` is kept as `grey` and `purple` as `magenta`, the names the documentation gives.
  public init?(_ raw: String) {
    let lowered = PlainText.trimmed(raw.lowercased())
    if lowered.hasPrefix("#") {
      let hex = lowered.dropFirst()
      guard hex.count == 6, hex.allSatisfy(\.isHexDigit), let value = Int(hex, radix: 16) else {
        return nil
      }
      text = lowered
      code = "38;2;\(value >> 16);\((value >> 8) & 0xFF);\(value & 0xFF)"
      return
    }
    var name = lowered.replacing(" ", with: "-")
    if name == "gray" { name = "grey" }
    if name == "purple" { name = "magenta" }
    // Grey is the terminal's bright black.
    let colour = name == "grey" ? "bright-black" : name
    let bright = colour.hasPrefix("bright-")
    let base = bright ? String(colour.dropFirst("bright-".count)) : colour
    guard let index = Self.names.firstIndex(of: base) else { return nil }
    text = name
    code = String((bright ? 90 : 30) + index)
  }

  /// `text` in this colour.
  public func paint(_ text: String, bold: Bool = false) -> String {
    "\u{1B}[\(bold ? "1;" : "")\(code)m\(text)\u{1B}[0m"
  }

  /// The colour `raw` names, or the refusal that says which colours there are.
  public static func named(_ raw: String) throws(RuleRefusal) -> TerminalColour {
    guard let colour = TerminalColour(raw) else {
      throw RuleRefusal(
        sentence:
          "\(QuotedText.quote(raw)) is not a colour; use a terminal colour name (\(names.joined(separator: ", ")), bright-NAME or grey) or #rrggbb such as #3366ff"
      )
    }
    return colour
  }
}
