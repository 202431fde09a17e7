/// Writes a full-screen frame, only the lines that changed since the last one.
public final class ScreenPainter {
  private let console: TerminalOutput
  private var lastFrame: [String] = []

  public init(console: TerminalOutput) { self.console = console }

  /// Draws `frame`; `force` redraws every line (after another view drew over it).
  public func paint(_ frame: [String], force: Bool = false) {
    let whole = force || frame.count != lastFrame.count
    var text = whole ? "\u{1B}[H\u{1B}[J" : ""
    for (offset, line) in frame.enumerated()
    where whole || offset >= lastFrame.count || lastFrame[offset] != line {
      text += "\u{1B}[\(offset + 1);1H" + line + "\u{1B}[K"
    }
    if !text.isEmpty { console.write(text) }
    lastFrame = frame
  }

  /// Forgets what is on screen, so the next frame is drawn whole.
  public func reset() { lastFrame = [] }
}
