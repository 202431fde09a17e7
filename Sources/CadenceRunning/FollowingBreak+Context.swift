import CadenceRuntime
import CadenceSystem
import FoundationEssentials

extension FollowingBreak {
  /// The context the break counts in: the clock at the kept run's start.
  public func context(_ context: CommandContext) -> CommandContext {
    var started = context
    started.now = Date(timeIntervalSince1970: Double(startedAt) / 1000)
    return started
  }
}
