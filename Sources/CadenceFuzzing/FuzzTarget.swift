/// The fuzz targets. Each takes arbitrary bytes and returns the properties the input broke:
/// none, normally. A crash, a hang or a broken property is a finding.
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// Durations and clock times: `DurationText` and `ClockTime`.
  case duration
  /// A routine file: loaded in the sandbox, validated, compiled and simulated with its hooks.
  case routine
  /// A command line: bytes split at NUL into arguments, parsed and run by the read-only
  /// commands.
  case arguments
  /// A reply from the Lua worker: bytes a compromised worker could send, read with every cap.
  case worker
  /// A request on a run's control socket: `ControlRequest` and the reply to a refusal.
  case control

  /// Checks one input; the strings name what went wrong.
  public func check(_ bytes: [UInt8]) -> [String] {
    switch self {
    case .duration: return DurationFuzz.check(bytes)
    case .routine: return RoutineFuzz.check(bytes)
    case .arguments: return ArgumentsFuzz.check(bytes)
    case .worker: return WorkerFuzz.check(bytes)
    case .control: return ControlFuzz.check(bytes)
    }
  }
}
