import CadenceCore
import CadenceSystem
import CadenceText

/// The picker that lists the task icons (``TaskIcons``) on a terminal and reads the choice.
public enum TaskIconPicker {
  /// The picker's lines: numbered choices, four to a line.
  static var menu: String {
    let choices = TaskIcons.choices
    var lines: [String] = ["Choose an icon:"]
    for start in stride(from: 0, to: choices.count, by: 4) {
      let row = choices[start..<min(start + 4, choices.count)].enumerated().map {
        let number = String(start + $0.offset + 1)
        let padded = String(repeating: " ", count: max(0, 3 - number.count)) + number
        return "\(padded) \($0.element.icon) \(PlainText.padded($0.element.name, to: 8))"
      }
      lines.append(row.joined(separator: " "))
    }
    return lines.joined(separator: "\n") + "\nIcon (number, name or emoji): "
  }

  /// Shows the menu and reads one line from the terminal.
  public static func ask(_ console: Console) -> String? {
    console.out(menu)
    return readLine(strippingNewline: true)
  }

  /// Whether both standard input and output are terminals, so a picker can be shown.
  public static func isInteractive(_ console: Console) -> Bool {
    console.isTerminal && Terminal.isTerminal(Descriptor.standardInput)
  }
}
