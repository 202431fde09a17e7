/// What the control socket of a countdown (a timer, a focus or a break) takes from elsewhere:
/// pause, resume, adjust and stop, never a skip or an early completion; a task's mandatory
/// break (seed 003) cannot be shortened either, and refuses in its own words.
public enum CountdownControl {
  /// Why a task's mandatory break refuses `command`: it cannot be skipped, completed early or
  /// shortened; nil for what it takes (pause, resume, a longer break, and stop, as `cadence
  /// stop` ended it before).
  public static func mandatoryRefusal(_ command: EngineCommand) -> String? {
    switch command {
    case .skip, .complete: break
    case .adjust(let amount) where amount < 0: break
    default: return nil
    }
    return
      "this is a task's mandatory break, which cannot be skipped or shortened; cadence stop ends the session"
  }

  /// Why a countdown refuses `command` (a mandatory break's refusals when `mandatoryBreak`);
  /// nil for what it takes.
  public static func refusal(_ command: EngineCommand, mandatoryBreak: Bool) -> String? {
    if mandatoryBreak { return mandatoryRefusal(command) }
    switch command {
    case .skip, .complete:
      return "a timer or focus session cannot be skipped; cadence stop ends it"
    default: return nil
    }
  }
}
