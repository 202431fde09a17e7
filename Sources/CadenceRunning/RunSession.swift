import CadenceCore
import CadenceDesktop
import CadenceLua
import CadenceOutput
import CadenceRuntime
import CadenceStore
import CadenceSystem
import CadenceTerminal
import CadenceText
import Dispatch
import FoundationEssentials

/// One real-time run in this process: the runtime's driver with the outputs the options ask
/// for, the keys and the signals. It prints event lines, or, as the background process of a run,
/// nothing but its control socket; the full-screen view is always a client of that process
/// (`AttachSession`), never drawn here.
public struct RunSession {
  /// The routine as it was compiled (here, or by the process that started this one).
  public let routine: HandedRoutine
  /// Its hooks, in the worker that loaded it; nil for a routine with none.
  public let hooks: RoutineHooks?
  public let options: RunOptions
  public let context: CommandContext
  public let databasePath: String
  public var resumption: RunDriver<ContinuousClock>.Resumption?
  public var startWall: Date?
  /// What a resumed run is recorded as, as it was kept (its task and session id); nil for a
  /// new run, recorded as a routine.
  public var restored: RunIdentity?
  /// Whether this process is the background process of a run: no terminal, no output but the
  /// control socket, and descriptor 3 told when the run is ready (or why it could not start).
  public var background = false

  /// Runs a routine compiled here, with the `--set` values it was compiled with: in this
  /// process, or first in a background process of its own when `launch` starts one (a view
  /// attaching to it, or `--detach`), which gives the status to exit with (nil: it runs here).
  public static func start(
    _ compiled: RoutineCompilation, overrides: [(name: String, value: String)],
    options: RunOptions, context: CommandContext, databasePath: String, background: Bool,
    launch: (HandedRoutine, inout RunOptions) -> ExitCode?
  ) -> ExitCode {
    var options = options
    let routine = compiled.handed(overrides: overrides)
    if !background, let code = launch(routine, &options) { return code }
    return RunSession(
      routine: routine, hooks: RoutineHooks(file: compiled.file, hooks: compiled.routine.hooks),
      options: options, context: context, databasePath: databasePath, background: background
    ).run()
  }

  /// Runs, as the background process of a run, the routine the process that started it
  /// compiled and handed over: its hooks loaded (it is not compiled again); what keeps it from
  /// starting is told to that process too.
  public static func carry(
    _ handed: HandedRoutine, options: RunOptions, context: CommandContext, databasePath: String
  ) -> ExitCode {
    switch RoutineCompilation.hooks(of: handed) {
    case .success(let hooks):
      return RunSession(
        routine: handed, hooks: hooks, options: options, context: context,
        databasePath: databasePath, background: true
      ).run()
    case .failure(let failure):
      ReadyHandshake.refuse(failure.message)
      return failure.report(to: context.console)
    }
  }

  /// What the run is recorded as. Each identity carries a new session id, so a run makes one
  /// and hands it to everything that names the session (the recorder, `session.command`).
  private func newIdentity() -> RunIdentity {
    restored
      ?? RunIdentity(
        path: routine.path, source: routine.source, parameters: routine.overrides,
        task: options.task)
  }

  public func run() -> ExitCode {
    let identity = newIdentity()
    let output = options.output
    var notices: [String] = []
    let console = context.console
    let ring: @Sendable () -> Void = { OutputChannels.writeOutput("\u{07}") }
    let bell = console.isTerminal && !background ? ring : nil
    let sound = SoundPlayer(
      volume: options.volume, customSound: options.sound, muted: options.muted,
      environment: context.environment, bell: output == .json ? nil : bell,
      viewRings: background
    ) { notices.append($0) }
    let socket = RunSocket()
    let notifier = DesktopNotifier(enabled: options.notify, environment: context.environment) {
      notices.append($0)
    }.notifier(socket: socket)
    DoNotDisturbOutput.recover(databasePath: databasePath, environment: context.environment) {
      notices.append($0)
    }
    let startWall = self.startWall ?? context.now
    let formatter = EventFormatter(clock: .wall(start: startWall, timeZone: context.timeZone))
    let host: RunHost
    do {
      host = try RunHost(environment: context.environment, background: background, what: "run")
    } catch {
      console.problem(error.description)
      return .software
    }
    for notice in notices { host.notice(notice) }
    socket.path = host.server?.path
    // The socket first: a subscriber (a status bar, an attached view) hears of an event before
    // the sound and the notification are started, which take a process each.
    var rest: [RunOutput] = [SignalOutput(sound: sound, notifier: notifier)]
    if !background {
      rest.append(
        LinesOutput(
          format: output == .json ? .json : .plain, formatter: formatter, console: console,
          measured: true, buffered: false))
    }
    if let words = options.sessionCommand {
      rest.append(
        SessionCommandOutput(
          words: words, identity: identity, startWall: startWall, resumed: resumption != nil,
          environment: context.environment
        ) { console.problem($0) })
    }
    // Before the sound and notification channel: the notifications are back on before a
    // focus step's end is notified.
    let quiet = DoNotDisturbOutput(
      options.dnd, schedule: routine.schedule, wholeRun: false, databasePath: databasePath,
      environment: context.environment, note: host.notice)
    var outputs = host.outputs(first: quiet.map { [$0] } ?? [], rest: rest)
    // A routine's actions run only when the user trusts its text as it was loaded. Their
    // output comes first, so that what it has to say at the end reaches the others.
    if !routine.schedule.hooks.isEmpty {
      let actions = ActionOutput(
        trusted: TrustStore(environment: context.environment).trusts(
          routine.source, at: routine.location),
        routine: routine.path, environment: context.environment, others: outputs,
        notice: host.notice)
      outputs.insert(actions, at: 0)
    }
    let recorder = RunRecorder(path: databasePath, startWall: startWall, notice: host.notice)
    let driver = host.driver(
      schedule: routine.schedule, identity: identity, hooks: hooks, outputs: outputs,
      recorder: recorder, startWall: startWall, resumption: resumption)

    // Its reader gone: standard output closed by its reader, or broken.
    let ending = RunEnding()
    if background { Signals.ignore(Signals.hangUp) }
    let signals = RunHost.watch(
      background
        ? [Signals.interrupt, Signals.terminate]
        : [Signals.interrupt, Signals.terminate, Signals.hangUp], environment: context.environment
    ) { number in
      ending.signal = number
      driver.send(.stop)
    }
    if !background {
      ClosedOutput.shared.onClose {
        ending.readerGone = true
        driver.send(.stop)
      }
      ClosedOutput.shared.watchPipe()
    }
    if !background,
      Terminal.isForeground(Descriptor.standardInput)
        || (!Terminal.isTerminal(Descriptor.standardInput)
          && Descriptor.isPipe(Descriptor.standardInput))
    {
      KeyReader.startLines { key in
        if let command = RunKeys.command(for: key) { driver.send(command) }
      }
    }

    let ended = driver.run()
    options.keep(ended.session, environment: context.environment)
    host.server?.close()
    // The last notifications go out before the process can end (a moment at most), once
    // status no longer lists the run.
    notifier?.finish()
    signals.cancel()
    if let unsaved = ended.unsaved { console.problem(unsaved) }
    if let number = ending.signal { return .signal(number) }
    // Closed by its reader, quietly as a SIGPIPE; else broken (a full disk), told at the end.
    if ending.readerGone {
      return console.writeFailures().isEmpty ? .signal(Signals.pipe) : .ioError
    }
    // A session that could not be recorded is a failed write: spelt out above, and 74.
    return ended.unsaved == nil ? .success : .ioError
  }
}
