#if canImport(Glibc)
  import Glibc
#endif

/// Processes: whether one is alive, and starting Cadence itself or a helper program in the
/// background.
public enum Processes {
  /// Whether a process with this id exists (it may belong to someone else).
  public static func isAlive(_ pid: Int32) -> Bool {
    guard pid > 0 else { return false }
    return kill(pid, 0) == 0 || errno != ESRCH
  }

  /// Where an executable program called `name` is on `environment`'s PATH (the usual folders
  /// when it has none), if anywhere.
  public static func locate(_ name: String, environment: [String: String]) -> String? {
    guard !name.isEmpty, !name.contains("/") else { return nil }
    let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":") where directory.hasPrefix("/") {
      let candidate = "\(directory)/\(name)"
      if isExecutable(candidate) { return candidate }
    }
    return nil
  }

  /// Whether `path` is a regular file this process may run.
  public static func isExecutable(_ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
    return access(path, X_OK) == 0
  }

  /// Ends this process at once with `status`, running nothing more (no exit handlers, no
  /// flushing), as a kill would end it.
  public static func endNow(_ status: Int32) -> Never { _exit(status) }

  /// This process's id.
  public static var current: Int32 { getpid() }

  /// The path of this process's executable.
  public static func executablePath() -> String? {
    PrivateFiles.linkTarget("/proc/self/exe")
  }

  /// Starts `executable` with `arguments` in a session of its own, with no terminal: standard
  /// input `input` (or /dev/null), standard output on /dev/null, standard error appended to
  /// `log`, and `ready` as its descriptor 3. Returns its process id.
  public static func spawnDetached(
    _ executable: String, _ arguments: [String], environment: [String: String], ready: Int32,
    log: String?, input: Int32 = -1
  ) -> Result<Int32, Errno> {
    detached(
      executable, arguments, environment: Spawn.entries(environment), ready: ready, log: log,
      input: input
    ).start()
  }

  /// The spawn of `spawnDetached`: /dev/null in and out, standard error appended to `log` (or
  /// /dev/null), `ready` (when not negative) as descriptor 3 and no other descriptor; a
  /// descriptor left open (a parent's pipe) would be held for the run's lifetime.
  static func detached(
    _ executable: String, _ arguments: [String], environment: [String]?, ready: Int32,
    log: String?, input: Int32 = -1
  ) -> Spawn {
    // Standard input first, before `ready` takes descriptor 3.
    var actions: [Spawn.FileAction] = [
      input >= 0 ? .duplicate(input, as: 0) : .open(0, path: "/dev/null", .reading),
      .open(1, path: "/dev/null", .writing),
      log.map { .open(2, path: $0, .appendingPrivately) } ?? .open(2, path: "/dev/null", .writing),
    ]
    if ready >= 0 { actions.append(.duplicate(ready, as: 3)) }
    actions.append(.closeFrom(ready >= 0 ? 4 : 3))
    return Spawn(
      executable, arguments, environment: environment, fileActions: actions, newSession: true)
  }

  /// Starts `executable` with `arguments` and this process's environment in the background,
  /// as `spawnDetached` does with no log, and reaps it on a thread of its own when it ends.
  /// False when it could not start.
  @discardableResult
  public static func launch(_ executable: String, _ arguments: [String]) -> Bool {
    guard
      case .success(let child) = detached(
        executable, arguments, environment: nil, ready: -1, log: nil
      ).start()
    else { return false }
    DetachedThread.start { _ = wait(child) }
    return true
  }

  /// Reaps a child that has ended, without waiting for one that has not.
  public static func reap(_ pid: Int32) {
    var status: Int32 = 0
    _ = SystemCall.retrying { waitpid(pid, &status, WNOHANG) }
  }
}
