import CadenceRuntime
import CadenceSystem
import CadenceTerminal
import CadenceText

/// Decides where a run lives. The full-screen view is a client of a background process that
/// owns the run, so closing the terminal leaves it going; `--detach` starts that process
/// alone; a job in a shell's background (`cadence run … &`) prints event lines without ever
/// touching the terminal's settings or reading from it, so the shell does not stop it.
public enum Detached {
  /// What a run or countdown shows: the full-screen view becomes event lines when this process
  /// is not in the terminal's foreground process group (a shell's background job), whose
  /// drawing or change of the terminal's modes would have the shell stop it.
  public static func output(_ output: RunOptions.Output, foreground: Bool) -> RunOptions.Output {
    output == .view && !foreground ? .plain : output
  }

  /// In a shell's background job, makes the view event lines and ignores the terminal's stop
  /// signals for output and input; returns whether it did.
  public static func leaveTerminalAlone(_ options: inout RunOptions) -> Bool {
    let output = Self.output(
      options.output, foreground: Terminal.isForeground(Descriptor.standardInput))
    guard output != options.output else { return false }
    Signals.ignore(Signals.terminalOutput)
    Signals.ignore(Signals.terminalInput)
    options.output = output
    return true
  }

  /// Starts this command line again, without `--detach`, in a background process of its own;
  /// a failure is said here and its status returned.
  public static func start(context: CommandContext, handing: HandedRoutine? = nil)
    -> Result<BackgroundLauncher.Started, BackgroundLauncher.Failure>
  {
    let arguments = context.arguments.filter { $0 != "--detach" }
    switch BackgroundLauncher.launch(
      arguments, environment: context.environment, handing: handing)
    {
    case .success(let started): return .success(started)
    case .failure(let failure):
      context.console.problem(failure.description)
      return .failure(failure)
    }
  }
}

extension BackgroundLauncher.Failure {
  /// 73 when the folder for run sockets cannot be made; otherwise 70, Cadence failed.
  public var status: ExitCode { cannotCreate ? .cannotCreate : .software }
}
