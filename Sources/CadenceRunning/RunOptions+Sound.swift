import CadenceSystem
import CadenceText
import FoundationEssentials

extension RunOptions {
  /// Refuses a sound file that is not there to read, from `--sound` or the `sound` setting.
  ///
  /// Says so in one line and gives status 66, as for any missing file; `nil` when the sound
  /// is the bing or a file that can be read. `run`, `timer` and `focus` ask before anything
  /// starts, so that a mistyped path is never a silent run.
  ///
  /// A FIFO, a socket or a device (`/dev/zero`) is refused as well, named for what it is: the
  /// player given it would read without end or wait. `given` says whether the command line
  /// gave it (`--sound`) rather than the setting.
  public func refuseMissingSound(given: Bool, console: Console) -> ExitCode? {
    guard let sound, let failure = RegularFile.check(sound) else { return nil }
    let what: String
    switch failure {
    case .missing, .unreadable: what = "no such sound file"
    default: what = failure.clause
    }
    console.problem(
      !given
        ? "\(TerminalText.line(sound)) (the sound setting): \(what); change it with cadence config set sound FILE or cadence config unset sound"
        : "\(TerminalText.line(sound)): \(what); give --sound a WAV file you can read")
    return .noInput
  }
}
