import CadenceSystem

/// Starting helper programs (sound players, notify-send): the one seam through which Cadence
/// runs other programs. Nothing here waits for them; their output goes nowhere, and each
/// runs in a session of its own, so a closed terminal does not cut a sound short.
public struct ExternalCommand: Sendable {
  /// Where a program of that name is on PATH, if anywhere.
  public static func locate(_ name: String, environment: [String: String]) -> String? {
    Processes.locate(name, environment: environment)
  }

  /// Starts `executable` with `arguments` in the background; false if it could not start.
  @discardableResult
  public static func launch(_ executable: String, _ arguments: [String]) -> Bool {
    Processes.launch(executable, arguments)
  }
}
