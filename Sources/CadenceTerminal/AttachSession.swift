import CadenceCore
import CadenceDesktop
import CadenceRuntime
import CadenceSystem
import CadenceText
import Dispatch
import FoundationEssentials
import Synchronization

/// The full-screen view of a run in another process, followed over its control socket. Keys
/// go back as requests; `d` (or a closed terminal) leaves the run going; `q` stops it. A
/// timer's or focus session's countdown offers and takes only pause, stop and `d`; while a
/// focus asks about the idle time of a person back from idleness, as its own view does, `k`
/// keeps it and `d` discards it (`D` then leaves).
public struct AttachSession {
  let run: String
  let socket: String
  /// The run's path: `cadence:focus` for a focus session's countdown.
  let path: String
  /// Whether the run is a timer's or a focus session's countdown.
  let countdown: Bool
  let style: RunScreen.Style
  /// Where the view rings its terminal's bell (no sound player): the narrations that ring;
  /// nil for none.
  let bell: (@Sendable (Narration) -> Bool)?
  let context: CommandContext

  public init(
    run: String, socket: String, path: String, countdown: Bool, style: RunScreen.Style,
    bell: (@Sendable (Narration) -> Bool)?, context: CommandContext
  ) {
    self.run = run
    self.socket = socket
    self.path = path
    self.countdown = countdown
    self.style = style
    self.bell = bell
    self.context = context
  }

  /// How the view ended, set from the key and signal threads.
  final class Ending: @unchecked Sendable {
    private let number = Mutex<Int32?>(nil)
    private let left = Mutex(false)
    var signal: Int32? {
      get { number.withLock { $0 } }
      set { number.withLock { $0 = newValue } }
    }
    var detached: Bool {
      get { left.withLock { $0 } }
      set { left.withLock { $0 = newValue } }
    }
  }

  /// Follows the run until it ends or the view leaves; without a terminal, says so with
  /// `withoutTerminal` and returns its status.
  public func attach(withoutTerminal: () -> ExitCode) -> ExitCode {
    let console = context.console
    let connection: Int32
    // Only a countdown's view asks about idle time: it says it answers.
    switch ControlClient.watch(socket: socket, answers: countdown) {
    case .success(let descriptor): connection = descriptor
    case .failure(let error):
      console.problem(error.description)
      return .unavailable
    }
    let reader = WatchReader(descriptor: connection)
    guard let hello = reader.next(), hello.type == "hello", let schedule = hello.schedule,
      let snapshot = hello.engine, var engine = Engine(schedule: schedule, snapshot: snapshot)
    else {
      Descriptor.close(connection)
      console.problem(
        "The run \(run) did not answer as expected; it may have just ended (cadence status shows the runs going)."
      )
      return .unavailable
    }
    guard TerminalMode.enter() else {
      Descriptor.close(connection)
      return withoutTerminal()
    }
    let start = Date(timeIntervalSince1970: Double(hello.startedAt ?? 0) / 1000)
    // A countdown is shown as its own view shows it: the island, pet and coins its run told.
    let face = countdown ? hello.face ?? Self.face(path: path, schedule: schedule) : nil
    let countdownView = face.map { face in
      var state = CountdownScreen.State(
        face: face, remaining: engine.total, total: engine.total,
        stage: .counting(paused: false), analogue: style == .analogue)
      state.detachable = true
      return CountdownView(
        state: state, console: console.terminal, bell: bell)
    }
    let runView = RunView(
      style: style, console: console.terminal, startDate: start, timeZone: context.timeZone,
      detachable: true, bell: bell,
      strip: { RunScreen.strip(for: $0, columns: $1, colour: $2) })
    let view: any FullScreenView = countdownView ?? runView
    for notice in hello.notices ?? [] { view.notice(notice) }
    view.present(update(hello, engine: engine, narrated: true))
    let ending = Ending()
    // The question a focus asks on its person's return: answered only by keys read once it
    // is on the screen.
    let asked = QuestionKeys()
    let ask: @Sendable (String?) -> Void = { question in
      guard let countdownView else { return }
      let number = asked.put(open: question != nil)
      countdownView.ask(question) { asked.drawn(number, at: $0) }
    }
    // Open as the view attaches.
    if let question = hello.question { ask(question) }

    let socket = self.socket
    let control = DispatchQueue(label: "cadence.attach.keys")
    // A command the run refuses is said on the view, as its own view says it.
    let send: @Sendable (EngineCommand) -> Void = { command in
      control.async {
        if case .success(let reply) = ControlClient.request(.command(command), socket: socket),
          !reply.ok, let error = reply.error
        {
          view.notice(error.prefix(1).uppercased() + error.dropFirst() + ".")
        }
      }
    }
    // The answer to the question about idle time, which the run applies and tells.
    let answer: @Sendable (IdleReturn) -> Void = { choice in
      control.async {
        if case .success(let reply) = ControlClient.request(.idleReturn(choice), socket: socket),
          !reply.ok, let error = reply.error
        {
          view.notice(error.prefix(1).uppercased() + error.dropFirst() + ".")
        }
      }
    }
    let leave: @Sendable () -> Void = {
      ending.detached = true
      UnixSocket.shutdown(connection)
    }
    let signals = SignalWatcher()
    signals.watch([Signals.interrupt, Signals.terminate, Signals.hangUp, Signals.windowChange]) {
      number in
      switch number {
      case Signals.windowChange: view.redraw()
      case Signals.hangUp: leave()
      default:
        ending.signal = number
        send(.stop)
      }
    }
    let countdown = self.countdown
    let canStop = !(face?.mandatory ?? false)
    KeyReader.startKeys { key in
      // A d read before the question was drawn detaches, as the view said it would.
      if let choice = asked.answer(key, readAt: ContinuousClock.now) {
        answer(choice)
      } else if !canStop, RunKeys.command(for: key, countdown: true) == .stop {
        view.notice(CountdownScreen.mandatoryStop)
      } else if let command = RunKeys.command(for: key, countdown: countdown) {
        send(command)
      } else if key == .character("a") {
        view.toggleStyle()
      } else if key == .character("d") || key == .character("D") || key == .endOfInput {
        leave()
      }
    }
    var ended = false
    // The sentence of a session the run could not record, said once the view has closed.
    var unsaved: String?
    while let message = reader.next() {
      if let snapshot = message.engine, let next = Engine(schedule: schedule, snapshot: snapshot) {
        engine = next
      }
      switch message.type {
      case "update": view.present(update(message, engine: engine, narrated: false))
      case "notice": for notice in message.notices ?? [] { view.notice(notice) }
      case "question": ask(message.question)
      case "end":
        ended = true
        unsaved = message.unsaved
      default: break
      }
      if ended { break }
    }
    control.sync {}
    Descriptor.close(connection)
    view.finish(engine)
    signals.cancel()
    TerminalMode.leave()
    if ending.signal == Signals.hangUp
      || (ending.detached && !ended && !Terminal.isTerminal(Descriptor.standardOutput))
    {
      return .signal(Signals.hangUp)
    }
    let words = countdownView == nil ? runView.closingWords() : (notices: [], messages: [])
    for notice in words.notices { console.problem(notice) }
    if ended {
      if let last = words.messages.last, engine.state == .finished {
        console.out("» " + TerminalText.line(last) + "\n")
      }
      console.out(Self.summary(engine) + "\n")
      if let unsaved { console.problem(TerminalText.line(unsaved)) }
    } else {
      console.out(
        "Detached: \(TerminalText.line(schedule.name)) goes on (run \(run)). cadence attach shows it again; cadence stop stops it.\n"
      )
    }
    if let number = ending.signal { return .signal(number) }
    return unsaved == nil ? .success : .ioError
  }

  /// How a countdown looks when its run did not say (a run of an older Cadence): its name
  /// and its kind.
  public static func face(path: String, schedule: Schedule) -> CountdownFace {
    let phase =
      path == RunIdentity.countdownPath(for: .break)
      ? "BREAK" : path == RunIdentity.countdownPath(for: .focus) ? "FOCUS" : "TIMER"
    return CountdownFace(title: schedule.name, phase: phase)
  }

  /// The line printed once the view has closed on a run that ended.
  public static func summary(_ engine: Engine) -> String {
    let name = TerminalText.line(engine.schedule.name)
    let done = DurationText.format(engine.elapsedBeforeSegment + engine.segmentElapsed(at: 0))
    switch engine.state {
    case .finished:
      return "\(name): finished, \(DurationText.format(engine.total)) of routine time."
    default:
      return "\(name): stopped after \(done) of \(DurationText.format(engine.total))."
    }
  }

  /// A runner update as the view takes it, from a line of the stream.
  private func update(_ message: WatchMessage, engine: Engine, narrated: Bool) -> RunUpdate {
    let observed = message.observed ?? 0
    let transit = max(0, (message.sent ?? observed) - observed)
    let narrations = (message.events ?? []).map { said in
      Narration(
        event: said.event, context: HookContext(event: said.event, engine: engine),
        message: said.message, title: said.title)
    }
    return RunUpdate(
      narrations: narrations, engine: engine, observed: observed,
      observedAt: .now - .microseconds(transit))
  }
}
