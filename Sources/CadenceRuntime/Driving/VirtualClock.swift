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
    let narrator = EventNarrator(hooks: hooks)
    let engine = simulate(schedule) { events, engine in
      var narrations: [Narration] = []
      narrations.reserveCapacity(events.count)
      for event in events {
        let narration = narrator.narrate(event, engine: engine)
        let printed = narrator.printed()
        for output in outputs {
          if let failure = narration.hookFailure { output.notice(failure) }
          for line in printed { output.notice("\(path): print: \(line)") }
        }
        narrations.append(narration)
      }
      let update = RunUpdate(
        narrations: narrations, engine: engine, observed: (events.last?.due ?? 0) * 1000,
        observedAt: .now)
      for output in outputs { output.present(update) }
    }
    for output in outputs { output.finish(engine) }
    return engine
  }
}
