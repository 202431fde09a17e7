/// Whether the machine, or the user's session, is shutting down: systemd's manager says
/// `stopping` (`systemctl is-system-running`, for the system and for the user). A run told to
/// end (SIGTERM) then is not stopped by its user: it is left to be resumed, as a crash leaves
/// it, so that `cadence resume` (at the next login, by the user unit `scripts/install
/// --resume-at-login` writes) brings it back.
public enum SystemShutdown {
  /// True when either manager says it is stopping; false when neither does, or when there is
  /// no systemctl (each asked with a limit of a second).
  public static func isUnderway(environment: [String: String]) -> Bool {
    guard let systemctl = DesktopTool("systemctl", environment: environment, timeout: .seconds(1))
    else { return false }
    // is-system-running exits non-zero for any state but running: its word is what counts.
    for scope in [["is-system-running"], ["--user", "is-system-running"]] {
      let state = systemctl.run(scope).text.split(whereSeparator: \.isWhitespace).first
      if state == "stopping" { return true }
    }
    return false
  }
}
