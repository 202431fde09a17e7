import CadenceCore
import CadenceLua
import CadenceOutput
import CadenceRuntime
import CadenceStore
import CadenceSystem

extension RoutineCompilation {
  /// `cadence simulate`: the whole run in virtual time, every event and hook message printed
  /// at once (one JSON object a line with `json`), actions shown and never run; 65 when the
  /// routine wedged or crashed the Lua interpreter, whatever printed.
  public func simulate(json: Bool, context: CommandContext) -> ExitCode {
    let output = LinesOutput(
      format: json ? .json : .plain, formatter: EventFormatter(clock: .routine),
      console: context.console, measured: false, buffered: true,
      describesActions: TrustStore(environment: context.environment).trusts(
        file.source, at: location))
    let hooks = RoutineHooks(file: file, hooks: routine.hooks, limits: .simulation)
    _ = VirtualClock.simulate(schedule, hooks: hooks, path: file.path, outputs: [output])
    return hooks.isStopped ? .dataError : .success
  }
}
