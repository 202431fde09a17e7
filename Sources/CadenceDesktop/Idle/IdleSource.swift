import CadenceSystem
import CadenceText

/// Where a focus learns how long its person has been idle, in the order they are tried: the
/// user's own command (`idle.command`, printing idle milliseconds), X11 through `xprintidle`
/// when DISPLAY is set, then systemd-logind's idle hint for this login session. Each is a
/// program run to its end with a short time limit, so that one that hangs is cut off.
public enum IdleSource: Sendable {
  /// The user's command and its arguments.
  case command(DesktopTool, [String])
  /// `xprintidle` on the X display in DISPLAY.
  case x11(DesktopTool)
  /// `loginctl show-session SESSION -p IdleHint -p IdleSinceHintMonotonic`.
  case logind(DesktopTool, session: String)

  /// How long one reading may take.
  public static let timeout: Duration = .seconds(1)

  /// The source's name in what Cadence says.
  public var name: String {
    switch self {
    case .command(let tool, _): return "idle.command (\(TerminalText.line(tool.executable)))"
    case .x11: return "xprintidle"
    case .logind: return "loginctl"
    }
  }

  /// Asks the source once; waits at most `timeout` (and a little to reap it).
  public func read() -> IdleReading {
    let tool: DesktopTool
    let arguments: [String]
    switch self {
    case .command(let command, let words):
      (tool, arguments) = (command, words)
    case .x11(let xprintidle):
      (tool, arguments) = (xprintidle, [])
    case .logind(let loginctl, let session):
      (tool, arguments) = (
        loginctl, ["show-session", session, "-p", "IdleHint", "-p", "IdleSinceHintMonotonic"]
      )
    }
    let finished = tool.run(arguments)
    if finished.flooded {
      return .failed(
        "\(name) printed more than a reading ever is, so this focus cannot tell when you are away")
    }
    switch finished.ending {
    case .exited(0):
      if case .logind = self {
        return IdleReading.logind(finished.output, now: MonotonicClock.microseconds)
      }
      return IdleReading.milliseconds(finished.output, source: name)
    case .timedOut:
      return .failed(
        "\(name) did not answer within \(IdleText.span(tool.timeout)) and was stopped, so this focus cannot tell when you are away"
      )
    case .notStarted(let why):
      return .failed(
        "\(name) could not start (\(why)), so this focus cannot tell when you are away")
    default:
      let said = firstLine(finished.output)
      return .failed(
        "\(name) \(Self.clause(finished.ending))\(said.map { " (\($0))" } ?? ""), so this focus cannot tell when you are away"
      )
    }
  }

  /// The sources to try for `command` (the `idle.command` words, if set) and `environment`,
  /// in order, and for each kind that cannot be tried, why not.
  public static func candidates(command: [String]?, environment: [String: String])
    -> (sources: [IdleSource], missing: [String])
  {
    if let command, let program = command.first {
      let found =
        program.contains("/") ? program : Processes.locate(program, environment: environment)
      guard let found else {
        return (
          [],
          [
            "idle.command names \(QuotedText.quote(program)), which is not a program on PATH"
          ]
        )
      }
      let tool = DesktopTool(executable: found, environment: environment, timeout: timeout)
      return ([.command(tool, Array(command.dropFirst()))], [])
    }
    var sources: [IdleSource] = []
    var missing: [String] = []
    if (environment["DISPLAY"] ?? "").isEmpty {
      missing.append("DISPLAY is not set, so there is no X11 display for xprintidle")
    } else if let tool = DesktopTool("xprintidle", environment: environment, timeout: timeout) {
      sources.append(.x11(tool))
    } else {
      missing.append("xprintidle is not installed (Debian's xprintidle package)")
    }
    let session = environment["XDG_SESSION_ID"] ?? ""
    if session.isEmpty {
      missing.append("XDG_SESSION_ID is not set, so systemd-logind cannot be asked")
    } else if let tool = DesktopTool("loginctl", environment: environment, timeout: timeout) {
      sources.append(.logind(tool, session: session))
    } else {
      missing.append("loginctl is not installed, so systemd-logind cannot be asked")
    }
    return (sources, missing)
  }

  /// The one sentence saying idle detection is unavailable, with every reason.
  public static func unavailable(_ reasons: [String]) -> String {
    "Idle detection is unavailable (\(reasons.joined(separator: "; "))), so this focus will not pause when you are away; set idle.command to a command that prints idle milliseconds, or turn it off with cadence config set idle off."
  }

  private static func clause(_ ending: ProgramRun.Ending) -> String {
    switch ending {
    case .exited(let status): return "exited with status \(status)"
    case .signalled(let signal): return "was ended by signal \(signal)"
    default: return "ended"
    }
  }

  private func firstLine(_ output: [UInt8]) -> String? {
    let line = output.split(separator: 0x0A).first.map { String(decoding: $0, as: UTF8.self) }
    return line.flatMap { $0.isEmpty ? nil : QuotedText.quote($0) }
  }
}
