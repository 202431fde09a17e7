import CadenceRuntime
import CadenceSystem
import CadenceTerminal

extension Detached {
  /// Starts the run in the background when it should be, and returns the exit status; nil when
  /// the run goes on in this process (with `options` adjusted).
  /// `detach` (`--detach`) starts it there alone; otherwise the full-screen view attaches to
  /// it, and says with `withoutTerminal` that it cannot when there is no terminal after all.
  /// `handing` is the routine as compiled here, which the background process takes as it is.
  public static func launch(
    detach: Bool, options: inout RunOptions, context: CommandContext,
    handing: HandedRoutine? = nil, withoutTerminal: () -> ExitCode
  ) -> ExitCode? {
    let view = options.output == .view
    if !detach, leaveTerminalAlone(&options) { return nil }
    guard detach || view else { return nil }
    let started: BackgroundLauncher.Started
    switch start(context: context, handing: handing) {
    case .success(let result): started = result
    case .failure(let failure): return failure.status
    }
    if detach {
      StartedLine.say(
        id: started.id, kind: "routine",
        sentence: """
          Started in the background: run \(started.id).
          Follow it with cadence attach, cadence status or cadence status --format '{remaining} {segment}';
          control it with cadence pause, resume, skip, adjust +1m and stop.

          """, json: options.output == .json, context: context)
      return .success
    }
    return AttachSession(
      run: started.id, socket: started.socket, path: "", countdown: false, style: options.style,
      bell: SoundPlayer.viewRings(
        options: options, console: context.console, environment: context.environment)
        ? SignalOutput.rings : nil,
      context: context
    ).attach(withoutTerminal: withoutTerminal)
  }
}
