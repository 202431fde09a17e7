import CadenceCore
import CadenceRuntime
import Synchronization

/// The full-screen view of a run, as a run output: a routine's (`RunView`) or a countdown's
/// (`CountdownView`), in this process or following one over the control socket. It draws on
/// a thread of its own (`ViewLoop`) that sleeps until the shown second changes or something
/// comes, writing only the cells that changed (`ScreenPainter`).
public final class ScreenView<Frames: ViewFrames>: FullScreenView, @unchecked Sendable {
  private let loop: ViewLoop
  private let console: TerminalOutput
  /// Rings the terminal's bell where the run would ring, when no sound player does (a view
  /// attached from another terminal): whether a narration rings, nil for no bell.
  private let bell: (@Sendable (Narration) -> Bool)?
  /// A full redraw waits to be drawn: a burst of resizes draws once.
  private let resizing = Atomic<Bool>(false)
  /// Whether it is open: not closed (its terminal gone) nor finished.
  private let open = Atomic<Bool>(true)

  // Touched only on the loop's thread.
  var frames: Frames
  private var update: RunUpdate?
  private lazy var painter = ScreenPainter(console: console)
  private var closed = false
  /// The terminal's size when the last whole frame was drawn.
  private var size: (columns: Int, rows: Int)?
  /// When the frame on screen stops being true by itself; nil: not until something comes.
  private var due: ViewLoop.Instant?

  init(
    frames: Frames, console: TerminalOutput, bell: (@Sendable (Narration) -> Bool)?,
    loop: ViewLoop
  ) {
    self.frames = frames
    self.console = console
    self.bell = bell
    self.loop = loop
    loop.draw { [weak self] now in self?.frame(at: now) }
  }

  public func present(_ update: RunUpdate) {
    loop.post { [self] in
      self.update = update
      draw(whole: frames.take(update))
      // Once for the events of one instant, after the frame that shows them.
      if let bell, !closed, update.narrations.contains(where: bell) { console.write("\u{07}") }
    }
  }

  public func notice(_ text: String) {
    loop.post { [self] in draw(whole: frames.notice(text)) }
  }

  public func finish(_ engine: Engine) {
    open.store(false, ordering: .sequentiallyConsistent)
    loop.sync { [self] in
      if frames.end(engine), !closed { draw(whole: false) }
      shut()
    }
  }

  /// Stops drawing for good, the run going on: the terminal has gone.
  public func close() {
    open.store(false, ordering: .sequentiallyConsistent)
    loop.sync { [self] in shut() }
  }

  /// Whether the view is still there to be seen: false from the moment it is closed or
  /// finished.
  public var isOpen: Bool { open.load(ordering: .sequentiallyConsistent) }

  public func toggleStyle() {
    loop.post { [self] in
      frames.toggleStyle()
      draw(whole: true)
    }
  }

  public func redraw() {
    guard
      resizing.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
        .exchanged
    else { return }
    loop.post { [self] in
      // Taken as the redraw starts, so a resize during a draw is drawn after it.
      resizing.store(false, ordering: .releasing)
      draw(whole: true)
    }
  }

  /// Changes the frames on the view's thread, then draws; then calls `drawn`, if given, with
  /// the loop's time once the frame is written (not when the view has closed).
  func change(
    _ body: @escaping @Sendable (inout Frames) -> Void,
    drawn: (@Sendable (ViewLoop.Instant) -> Void)? = nil
  ) {
    loop.post { [self] in
      body(&frames)
      draw(whole: false)
      if !closed { drawn?(loop.time()) }
    }
  }

  /// Reads the frames on the view's thread.
  func read<T: Sendable>(_ body: @escaping @Sendable (Frames) -> T) -> T {
    loop.sync { [self] in body(frames) }
  }

  private func shut() {
    closed = true
    due = nil
    loop.end()
  }

  /// What the loop does when it wakes: a frame if the one on screen has gone stale.
  private func frame(at now: ViewLoop.Instant) -> ViewLoop.Instant? {
    guard !closed else { return nil }
    if let due, now >= due { draw(whole: false, at: now) }
    return due
  }

  private func draw(whole: Bool) {
    draw(whole: whole, at: loop.time())
  }

  private func draw(whole: Bool, at now: ViewLoop.Instant) {
    guard !closed, update != nil || frames.drawsBeforeUpdate else { return }
    let moment = update?.milliseconds(at: now) ?? 0
    // The size is read again for a whole frame (a resize asks for one), kept between.
    if whole || size == nil { size = TerminalMode.size() }
    guard let size else { return }
    painter.paint(
      frames.render(
        update, at: moment, columns: size.columns, rows: size.rows, colour: console.colour),
      force: whole)
    // Sleeps until the shown second changes (and a millisecond more, to be past the turn).
    due = frames.nextChange(update, at: moment).map { now + .milliseconds($0 + 1) }
  }
}
