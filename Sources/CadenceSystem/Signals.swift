#if canImport(Glibc)
  import Glibc
#endif

/// The signal numbers Cadence names, so that no other module needs the C library's.
public enum Signals {
  public static let hangUp = SIGHUP
  public static let interrupt = SIGINT
  public static let quit = SIGQUIT
  public static let kill = SIGKILL
  public static let pipe = SIGPIPE
  public static let terminate = SIGTERM
  public static let windowChange = SIGWINCH
  public static let fileSizeLimit = SIGXFSZ
  public static let terminalInput = SIGTTIN
  public static let terminalOutput = SIGTTOU

  /// The signals that a started helper gets back at their default disposition when it does
  /// not reset all of them: those a terminal or a caller sends, and a closed pipe.
  public static let endings = [pipe, interrupt, terminate, hangUp, quit]
}
