import CadenceCore
import CadenceLua
import CadenceRuntime
import CadenceStore
import CadenceSystem
import CadenceText
import FoundationEssentials

/// Loads, validates and compiles a routine file, turning every failure into the message and
/// exit code a user should see.
public struct RoutineCompilation {
  public struct Failure: Error {
    public var message: String
    public var exitCode: ExitCode
    /// Further problems found in the same pass, one message each.
    public var more: [String] = []
    /// The command's usage line, printed after the messages of a bad command line (64).
    public var usage: String? = nil

    public init(message: String, exitCode: ExitCode, more: [String] = [], usage: String? = nil) {
      self.message = message
      self.exitCode = exitCode
      self.more = more
      self.usage = usage
    }

    /// Every message, the first one first.
    public var messages: [String] { [message] + more }

    /// Prints each message on a line of standard error, then, for a bad command line, the
    /// command's usage line as ``UsageError`` does, and gives the exit status.
    public func report(to console: Console) -> ExitCode {
      for line in messages { console.problem(line) }
      if exitCode == .usage, let usage { console.error("Usage: \(usage)\n") }
      return exitCode
    }
  }

  /// Compiles a routine the library found: its file, or a built-in preset's text.
  public static func compile(
    _ entry: RoutineLibrary.Entry, overrides: [(name: String, value: String)],
    context: CommandContext
  ) -> Result<RoutineCompilation, Failure> {
    if let path = entry.path { return compile(path: path, overrides: overrides, context: context) }
    return compile(
      source: entry.text() ?? [], path: entry.displayPath, location: TrustStore.location(of: entry),
      overrides: overrides, context: context)
  }

  public let file: RoutineFile
  /// Where the routine is, as the trust list records it (``TrustStore/location(of:)``).
  public let location: String
  public let routine: Routine
  public let schedule: Schedule

  public static func compile(
    path: String, overrides: [(name: String, value: String)], context: CommandContext
  ) -> Result<RoutineCompilation, Failure> {
    compile(path: path, location: TrustStore.absolute(path), overrides: overrides, context: context)
    { () throws(RoutineFileError) in
      try RoutineFile(path: path)
    }
  }

  /// Compiles routine text kept elsewhere (a run's record), as it was at `context.now`; the
  /// trust list knows it as `location`, by default where a kept run's path says it was.
  public static func compile(
    source: [UInt8], path: String, location: String? = nil,
    overrides: [(name: String, value: String)], context: CommandContext
  ) -> Result<RoutineCompilation, Failure> {
    compile(
      path: path, location: location ?? TrustStore.location(ofKept: path), overrides: overrides,
      context: context
    ) { () throws(RoutineFileError) in
      try RoutineFile(source: source, path: path)
    }
  }

  private static func compile(
    path: String, location: String, overrides: [(name: String, value: String)],
    context: CommandContext,
    load: () throws(RoutineFileError) -> RoutineFile
  ) -> Result<RoutineCompilation, Failure> {
    let file: RoutineFile
    do {
      file = try load()
    } catch {
      let code: ExitCode
      switch error {
      case .script(.worker(_, .cannotStart)): code = .software
      default: code = error.isMissing ? .noInput : .dataError
      }
      return .failure(Failure(message: error.description, exitCode: code))
    }
    countForTest(path, environment: context.environment)
    let printed = file.takeOutput()
    if !printed.text.isEmpty {
      context.console.error(
        printed.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
          .map { "\(TerminalText.line(path)): print: \(printedLine($0))\n" }.joined())
      if printed.truncated { context.console.problem("\(path): print: (more output was cut off)") }
    }
    do {
      let routine = try file.routine(overrides: overrides)
      let schedule = try ScheduleCompiler.compile(
        routine, now: context.now, timeZone: context.timeZone)
      return .success(
        RoutineCompilation(
          file: file, location: location, routine: routine, schedule: schedule))
    } catch {
      let problems = error.all
      // A `--set` the routine refuses is a bad command line: `Error:`, as every one is.
      let mark = error.source == .commandLine ? "Error: " : ""
      return .failure(
        Failure(
          message: "\(mark)\(path): \(problems[0].description)",
          exitCode: error.source == .commandLine ? .usage : .dataError,
          more: problems.dropFirst().map { "\(mark)\(path): \($0.description)" }))
    }
  }

  /// Splits `--set name=value` arguments.
  public static func overrides(_ settings: [String]) -> Result<
    [(name: String, value: String)], Failure
  > {
    var pairs: [(name: String, value: String)] = []
    for setting in settings {
      guard let equals = setting.firstIndex(of: "="), equals != setting.startIndex else {
        return .failure(
          Failure(
            message:
              "Error: --set \(setting): write it as --set name=value, such as --set rounds=5",
            exitCode: .usage))
      }
      pairs.append(
        (String(setting[..<equals]), String(setting[setting.index(after: equals)...])))
    }
    return .success(pairs)
  }

  /// A line a routine printed, escaped for the terminal; the tabs `print` puts between its
  /// arguments are kept.
  public static func printedLine(_ line: Substring) -> String {
    line.split(separator: "\t", omittingEmptySubsequences: false).map {
      TerminalText.line(String($0))
    }.joined(separator: "\t")
  }

  /// The routine as this process compiled it, to hand to its background process so that it is
  /// not compiled again there; `run` names the kept run it carries on (`resume`).
  public func handed(overrides: [(name: String, value: String)], run: Int64? = nil) -> HandedRoutine
  {
    HandedRoutine(
      path: file.path, location: location, source: file.source, parameters: overrides,
      schedule: schedule, run: run)
  }

  /// The hooks of a routine handed over compiled: its text loaded into a worker of its own
  /// (run, not compiled again), or nil when it has none, and no worker is started.
  public static func hooks(of routine: HandedRoutine) -> Result<RoutineHooks?, Failure> {
    guard !routine.schedule.hooks.isEmpty else { return .success(nil) }
    do {
      let file = try RoutineFile(source: routine.source, path: routine.path)
      _ = file.takeOutput()
      return .success(RoutineHooks(file: file, hooks: routine.schedule.hooks))
    } catch {
      return .failure(Failure(message: error.description, exitCode: .software))
    }
  }

  /// Counts a compilation, for the tests that hold a run to compiling its routine once: in
  /// debug builds, a line naming `path` added to the file CADENCE_TEST_COMPILATIONS names.
  private static func countForTest(_ path: String, environment: [String: String]) {
    #if DEBUG
      guard let file = environment["CADENCE_TEST_COMPILATIONS"] else { return }
      let before = (try? PrivateFiles.read(file, limit: 1 << 20).get()) ?? []
      _ = PrivateFiles.replace(file, with: before + Array("\(path)\n".utf8))
    #endif
  }
}
