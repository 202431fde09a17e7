import CadenceCore
import CadenceLua
import CadenceStore
import CadenceText
import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One real-time run: wires the runner to the presenter, the keys and the signals, and puts
/// the terminal back however the run ends.
struct RunSession {
  /// Where a resumed run picks up: the engine replayed to now, and the run's record.
  struct Resumption {
    var engine: Engine
    var offset: Int64
    var runID: Int64
    var startWall: Date
  }

  let compiled: RoutineCompilation
  let overrides: [(name: String, value: String)]
  let options: RunOptions
  let context: CommandContext
  let databasePath: String
  var resumption: Resumption?

  /// A signal that ended the run, set from the signal queue.
  final class Ending: @unchecked Sendable {
    private let lock = NSLock()
    private var signalNumber: Int32?
    private var closedOutput = false
    private var lastSeen: Int64 = 0
    var signal: Int32? {
      get { lock.withLock { signalNumber } }
      set { lock.withLock { signalNumber = newValue } }
    }
    /// Whether standard output was closed by its reader, which stopped the run.
    var outputClosed: Bool {
      get { lock.withLock { closedOutput } }
      set { lock.withLock { closedOutput = newValue } }
    }
    /// Milliseconds into the run when the runner last read its clock: the run's end, once it
    /// is over, measured on the monotonic clock and never on the wall clock.
    var reached: Int64 {
      get { lock.withLock { lastSeen } }
      set { lock.withLock { lastSeen = newValue } }
    }
  }

  func run() -> ExitCode {
    var output = options.output
    var notices: [String] = []
    if output == .view, !TerminalMode.enter() {
      output = .plain
    }
    var chosen = options
    chosen.output = output
    let console = context.console
    let ring: @Sendable () -> Void = { writeAll(STDOUT_FILENO, "\u{07}") }
    let bell = console.isTerminal ? ring : nil
    let sound = SoundPlayer(
      volume: options.volume, customSound: options.sound, muted: options.muted,
      environment: context.environment, bell: output == .json ? nil : bell
    ) { notices.append($0) }
    let notifier = DesktopNotifier(enabled: options.notify, environment: context.environment) {
      notices.append($0)
    }
    let startWall = resumption?.startWall ?? context.now
    let presenter = RunPresenter(
      narrator: EventNarrator(
        hooks: RoutineHooks(file: compiled.file, hooks: compiled.routine.hooks)),
      options: chosen, console: console, sound: sound, notifier: notifier,
      startDate: startWall, timeZone: context.timeZone, notices: notices)
    let recorder = RunRecorder(path: databasePath, startWall: startWall) { presenter.notice($0) }
    recorder.begin(compiled: compiled, overrides: overrides, resuming: resumption?.runID)

    let (commands, send) = AsyncStream<EngineCommand>.makeStream()
    let ending = Ending()
    let signals = SignalWatcher()
    signals.watch([SIGINT, SIGTERM, SIGHUP, SIGWINCH]) { number in
      if number == SIGWINCH {
        presenter.redraw()
        return
      }
      ending.signal = number
      send.yield(.stop)
    }
    if output != .view {
      ClosedOutput.shared.onClose {
        ending.outputClosed = true
        send.yield(.stop)
      }
      ClosedOutput.shared.watchPipe()
    }
    let handle: @Sendable (KeyReader.Key) -> Void = { key in
      switch key {
      case .enter: send.yield(.complete)
      case .character(" "), .character("p"): send.yield(.togglePause)
      case .character("n"): send.yield(.skip)
      case .character("+"), .character("="): send.yield(.adjust(60_000))
      case .character("-"), .character("_"): send.yield(.adjust(-60_000))
      case .character("q"), .character("Q"): send.yield(.stop)
      case .character("a"): presenter.toggleStyle()
      default: break
      }
    }
    if output == .view {
      KeyReader.startKeys(handle)
    } else if isatty(STDIN_FILENO) != 0 || isPipe(STDIN_FILENO) {
      KeyReader.startLines(handle)
    }

    let runner = EngineRunner(schedule: compiled.schedule, clock: ContinuousClock())
    let resumption = self.resumption
    let engine = blocking {
      await runner.run(
        commands: commands, resuming: resumption?.engine, offset: resumption?.offset ?? 0
      ) { update in
        ending.reached = update.observed / 1000
        presenter.deliver(update)
        recorder.observe(update.events, engine: update.engine)
      }
    }
    presenter.drain()
    let unsaved = recorder.finish(
      engine, routine: compiled, resumed: resumption != nil, now: ending.reached,
      task: options.task)
    signals.cancel()
    if output == .view {
      TerminalMode.leave()
      for notice in presenter.shownNotices() { console.problem(notice) }
    }
    if let unsaved { console.problem(unsaved) }
    if output == .view { console.out(summary(engine) + "\n") }
    if let number = ending.signal { return .signal(number) }
    if ending.outputClosed { return .signal(SIGPIPE) }
    return .success
  }

  func summary(_ engine: Engine) -> String {
    let name = TerminalText.line(engine.schedule.name)
    let done = DurationText.format(engine.elapsedBeforeSegment + engine.segmentElapsed(at: 0))
    switch engine.state {
    case .finished:
      return "\(name): finished, \(DurationText.format(engine.total)) of routine time."
    default:
      return "\(name): stopped after \(done) of \(DurationText.format(engine.total))."
    }
  }

  private func isPipe(_ descriptor: Int32) -> Bool {
    var status = stat()
    return fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO
  }

  /// Runs async work to completion from synchronous code on the main thread.
  private func blocking(_ body: @escaping @Sendable () async -> Engine) -> Engine {
    final class Box: @unchecked Sendable { var value: Engine? }
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      box.value = await body()
      done.signal()
    }
    done.wait()
    return box.value!
  }
}
