import CadenceArguments
import CadenceText
import FoundationEssentials

extension RunOptions {
  /// Refuses a sound file that is not there to read, from `--sound` or the `sound` setting.
  ///
  /// Says so in one line and gives status 66, as for any missing file; `nil` when the sound
  /// is the bing or a file that can be read. `run`, `timer` and `focus` ask before anything
  /// starts, so that a mistyped path is never a silent run.
  func refuseMissingSound(_ arguments: ParsedArguments, console: Console) -> ExitCode? {
    guard let sound, !FileManager.default.isReadableFile(atPath: sound) else { return nil }
    console.problem(
      arguments[Self.sound] == nil
        ? "\(TerminalText.line(sound)) (the sound setting): no such sound file; change it with cadence config set sound FILE or cadence config unset sound"
        : "\(TerminalText.line(sound)): no such sound file; give --sound a WAV file you can read")
    return .noInput
  }
}
