import CadenceCore
import CadenceDesktop
import CadenceOutput
import CadenceRuntime
import CadenceStore
import CadenceSystem
import CadenceTerminal
import CadenceText
import FoundationEssentials

/// One countdown of a study timer or a focus session, through the runtime like any run: a
/// one-segment schedule with no Lua file, the sound and notification channels, and the
/// countdown view or event lines. While it counts only pause and stop act. Closing the
/// terminal does not stop it: as when a routine's view is closed, the view leaves (no more
/// drawing, keys or bell, nothing restored on the dead terminal) and the countdown counts on
/// with nobody watching, and still rings, notifies and is recorded at its end (seed 003).
public struct CountdownRun {
  public let schedule: Schedule
  public let identity: RunIdentity
  public let options: RunOptions
  public let context: CommandContext
  public let databasePath: String
  /// The view's screen before counting (title, phase, coins, island); nil for lines.
  public let screen: CountdownScreen.State?
  public let keys: KeyRoute
  /// Whether it is a task's mandatory break (seed 003): the keys cannot stop it, and the
  /// control socket refuses to skip or shorten it (`cadence stop` still ends it).
  public var mandatoryBreak = false
  /// Whether this process is the background process of the countdown (`--detach`): no
  /// terminal and no output but the control socket; descriptor 3 is told when it is ready.
  public var background = false

  /// Where a countdown picked up after its process died goes on from (`resume`); the context's
  /// clock is then its wall-clock start.
  public var resumption: RunDriver<ContinuousClock>.Resumption?
  /// The run kept to follow this countdown, in the same transaction as its session (a task's
  /// mandatory break after its focus); see `RunRecorder.following`.
  public var following: (@Sendable (Engine, Int64) -> ActiveRun?)?
  /// A kept run this countdown carries from its start: the mandatory break its focus kept.
  public var adopting: Int64?
  /// How it looks in its view, told to views attached from elsewhere.
  public var face: CountdownFace?

  public init(
    schedule: Schedule, identity: RunIdentity, options: RunOptions, context: CommandContext,
    databasePath: String, screen: CountdownScreen.State?, keys: KeyRoute,
    background: Bool = false
  ) {
    self.schedule = schedule
    self.identity = identity
    self.options = options
    self.context = context
    self.databasePath = databasePath
    self.screen = screen
    self.keys = keys
    self.background = background
  }

  public struct Ending {
    public var engine: Engine
    /// A signal that ended it (SIGINT, SIGTERM).
    public var signal: Int32?
    /// Whether the terminal was closed while it counted (the view left).
    public var hungUp: Bool
    public var unsaved: String?
    /// The id of the run kept to follow it (`following`), when it was kept.
    public var followedBy: Int64? = nil
  }

  public func run() -> Ending {
    let console = context.console
    var notices: [String] = []
    // Its reader gone: the terminal hung up, or its input ended (the view left).
    let signals = RunEnding()
    let ring: @Sendable () -> Void = {
      if !signals.readerGone { OutputChannels.writeOutput("\u{07}") }
    }
    let sound = SoundPlayer(
      volume: options.volume, customSound: options.sound, muted: options.muted,
      environment: context.environment,
      bell: console.isTerminal && options.output != .json ? ring : nil
    ) { notices.append($0) }
    let socket = RunSocket()
    let kind: NotificationMoment.Run =
      switch identity.kind {
      case .break: .rest
      case .focus: .focus
      default: .timer
      }
    let notifier = DesktopNotifier(enabled: options.notify, environment: context.environment) {
      notices.append($0)
    }.notifier(
      socket: socket,
      nextFocus: kind == .rest
        ? DesktopNotifier.nextFocus(
          databasePath: databasePath, task: identity.task, muted: options.muted) : nil)
    DoNotDisturbOutput.recover(databasePath: databasePath, environment: context.environment) {
      notices.append($0)
    }
    var outputs: [RunOutput] = [
      SignalOutput(sound: sound, notifier: notifier, run: kind, mandatory: mandatoryBreak)
    ]
    let view = screen.flatMap {
      options.output == .view ? CountdownView(state: $0, console: console.terminal) : nil
    }
    let mandatory = mandatoryBreak
    let host: RunHost
    do {
      host = try RunHost(
        environment: context.environment, background: background, what: "countdown",
        refusal: { CountdownControl.refusal($0, mandatoryBreak: mandatory) })
    } catch {
      console.problem(error.description)
      Processes.exit(70)
    }
    for notice in notices { host.notice(notice) }
    if let face { host.server?.show(face) }
    socket.path = host.server?.path
    if background {
      // Only the sound, the notification, the record and the control socket.
    } else if let view {
      outputs.append(view)
    } else {
      let formatter = EventFormatter(clock: .wall(start: context.now, timeZone: context.timeZone))
      outputs.append(
        LinesOutput(
          format: options.output == .json ? .json : .plain, formatter: formatter,
          console: console, measured: true, buffered: false))
    }
    if let words = options.sessionCommand {
      outputs.append(
        SessionCommandOutput(
          words: words, identity: identity, startWall: context.now, resumed: resumption != nil,
          environment: context.environment
        ) { console.problem($0) })
    }
    // First of the outputs that wait: the focus's notifications are back on before the channel
    // that sends its own.
    let quiet = DoNotDisturbOutput(
      options.dnd, schedule: schedule, wholeRun: identity.kind == .focus,
      databasePath: databasePath, environment: context.environment, note: host.notice)
    let recorder = RunRecorder(path: databasePath, startWall: context.now, notice: host.notice)
    recorder.following = following
    let driver = host.driver(
      schedule: schedule, identity: identity, hooks: nil,
      outputs: host.outputs(first: quiet.map { [$0] } ?? [], rest: outputs), recorder: recorder,
      startWall: context.now, resumption: resumption, adopting: adopting)
    // A focus pauses itself while its person is away, if the idle setting asks for it; on
    // their return it asks on its view and on views attached from elsewhere.
    let shown = background ? nil : view
    let idle = (identity.kind == .focus ? options.idle : nil).map { settings in
      IdleWatch(
        settings: settings, environment: context.environment, run: driver,
        asking: .relayed(view: shown, server: host.server, otherwise: settings.onReturn))
    }
    idle?.relay(server: host.server, view: shown)
    idle?.start()

    // Nobody is watching any more (SIGHUP, or the terminal's input ended): the view leaves
    // and the countdown goes on, as a routine's run goes on when its view is closed.
    let keys = self.keys
    let server = host.server
    let leave: @Sendable () -> Void = {
      signals.readerGone = true
      keys.route { _ in }
      view?.close()
      // A question it was asking goes to the views attached, or the setting decides.
      idle?.viewClosed(server: server)
    }
    let watcher = RunHost.watch(
      [
        CadenceSystem.Signals.interrupt, CadenceSystem.Signals.terminate,
        CadenceSystem.Signals.hangUp, CadenceSystem.Signals.windowChange,
      ], environment: context.environment
    ) { number in
      switch number {
      case CadenceSystem.Signals.windowChange:
        view?.redraw()
      case CadenceSystem.Signals.hangUp:
        leave()
      default:
        signals.signal = number
        driver.send(.stop)
      }
    }
    let canStop = !mandatoryBreak
    keys.route { key in
      switch key {
      case .character(" "), .character("p"): driver.send(.togglePause)
      case .character("q"), .character("Q"), .character("s"):
        if canStop { driver.send(.stop) } else { view?.notice(CountdownScreen.mandatoryStop) }
      case .character("a"): view?.toggleStyle()
      case .character("k"): idle?.answer(.keep)
      case .character("d"): idle?.answer(.discard)
      case .endOfInput: leave()
      default: break
      }
    }
    let ended = driver.run()
    idle?.stop()
    options.keep(ended.session, environment: context.environment)
    host.server?.close()
    // The last notifications go out before the process can end (a moment at most), once
    // status no longer lists the run.
    notifier?.finish()
    keys.route { _ in }
    watcher.cancel()
    if signals.readerGone { TerminalMode.abandon() }
    return Ending(
      engine: ended.engine, signal: signals.signal, hungUp: signals.readerGone,
      unsaved: ended.unsaved,
      followedBy: recorder.followedBy)
  }
}
