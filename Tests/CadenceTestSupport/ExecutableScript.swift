import CadenceSystem

/// Programs a test writes and then runs: stand-ins for tools, a user's commands.
public enum ExecutableScript {
  /// A failure to write one.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// Writes `text` to `path` as a program that may be run. The file is written by a shell of
  /// its own, which ends before this returns, never by this process: the suite's threads start
  /// programs all the time, and a program started while this process held the file open for
  /// writing (even through a descriptor that closes on exec, until its exec) would hold it too,
  /// so that running it then fails with "Text file busy" (the suite did, under load).
  public static func write(_ text: String, to path: String) throws {
    let finished = ProgramRun.run(
      "/bin/sh",
      ["-c", #"cat > "$1.part" && chmod 755 "$1.part" && mv -f "$1.part" "$1""#, "sh", path],
      environment: ["PATH": "/usr/bin:/bin"], input: Array(text.utf8), timeout: .seconds(120),
      yielding: false)
    guard finished.succeeded else {
      throw Failure(description: "\(path) was not written (\(finished.ending)): \(finished.text)")
    }
  }
}
