import CadenceCore

/// Drives an engine on a virtual clock: every deadline is reached at once. `simulate` runs a
/// whole routine this way (manual steps done the moment they start), and recovery replays a
/// run's recorded actions up to now.
public enum VirtualClock {
  /// Runs `schedule` to its end, handing each step's events to `emit` as they fire; manual
  /// steps are completed the moment they start.
  public static func simulate(
    _ schedule: Schedule, emit: (_ events: [EngineEvent], _ engine: Engine) -> Void
  ) -> Engine {
    var engine = Engine(schedule: schedule)
    emit(engine.start(at: 0), engine)
    var now: Int64 = 0
    while !engine.isOver {
      if case .waiting = engine.state {
        emit(engine.apply(.complete, at: now), engine)
        continue
      }
      guard let deadline = engine.nextDeadline else { break }
      now = deadline
      emit(engine.advance(to: now), engine)
    }
    return engine
  }

  /// Rebuilds a run from its start and the user's actions, then brings it up to `until`
  /// (milliseconds since the start): everything that fell due meanwhile fires, once, in order.
  public static func replay(
    schedule: Schedule, actions: [Engine.RecordedAction], until: Int64
  ) -> (engine: Engine, events: [EngineEvent]) {
    Engine.replay(schedule: schedule, actions: actions, until: until)
  }
}

extension VirtualClock {
  /// Simulates `schedule` with its hooks, feeding every output as a real run would, at once.
  public static func simulate(
    _ schedule: Schedule, hooks: HookCaller?, path: String, outputs: [RunOutput]
  )
    -> Engine
  {
    let narrator = EventNarrator(hooks: hooks, theme: schedule.theme)
    // Steps wait in a batch, so that their hooks go to the worker in few requests; each is
    // presented in order once its batch is narrated.
    var pending: [(events: [EngineEvent], engine: Engine)] = []
    var waiting = 0
    func flush() {
      let narrated = narrator.narrate(
        pending.flatMap { step in step.events.map { (event: $0, engine: step.engine) } })
      var next = 0
      for step in pending {
        let slice = narrated[next..<next + step.events.count]
        next += step.events.count
        for (narration, printed) in slice {
          for output in outputs {
            if let failure = narration.hookFailure { output.notice(failure) }
            for line in printed { output.notice("\(path): print: \(line)") }
          }
        }
        let update = RunUpdate(
          narrations: slice.map(\.narration), engine: step.engine,
          observed: (step.events.last?.due ?? 0) * 1000, observedAt: .now)
        for output in outputs { output.present(update) }
      }
      pending.removeAll(keepingCapacity: true)
      waiting = 0
    }
    let engine = simulate(schedule) { events, engine in
      pending.append((events, engine))
      waiting += events.count
      if waiting >= 256 { flush() }
    }
    flush()
    for output in outputs { output.finish(engine) }
    return engine
  }
}
