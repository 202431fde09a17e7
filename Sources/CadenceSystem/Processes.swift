import CSystem

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
      var status = stat()
      guard stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }

  /// Ends this process at once with `status`, running nothing more (no exit handlers, no
  /// flushing), as a kill would end it.
  public static func endNow(_ status: Int32) -> Never { _exit(status) }

  /// This process's id.
  public static var current: Int32 { getpid() }

  /// The path of this process's executable.
  public static func executablePath() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Starts `executable` with `arguments` in a session of its own, with no terminal: standard
  /// input `input` (or /dev/null), standard output on /dev/null, standard error appended to
  /// `log`, and `ready` as its descriptor 3. Returns its process id.
  public static func spawnDetached(
    _ executable: String, _ arguments: [String], environment: [String: String], ready: Int32,
    log: String?, input: Int32 = -1
  ) -> Result<Int32, Errno> {
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let status = argv.withUnsafeBufferPointer { arguments in
      envp.withUnsafeBufferPointer { variables in
        cadence_spawn_detached(
          executable, arguments.baseAddress!, variables.baseAddress!, ready, log, input, &pid)
      }
    }
    guard status == 0 else { return .failure(Errno(status)) }
    return .success(pid)
  }

  /// Starts `executable` with `arguments` and this process's environment in the background,
  /// as `spawnDetached` does with no log, and reaps it on a thread of its own when it ends.
  /// False when it could not start.
  @discardableResult
  public static func launch(_ executable: String, _ arguments: [String]) -> Bool {
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let status = argv.withUnsafeBufferPointer {
      cadence_spawn_detached(executable, $0.baseAddress!, environ, -1, nil, -1, &pid)
    }
    guard status == 0 else { return false }
    let child = pid
    DetachedThread.start {
      var status: Int32 = 0
      _ = SystemCall.retrying { waitpid(child, &status, 0) }
    }
    return true
  }

  /// Reaps a child that has ended, without waiting for one that has not.
  public static func reap(_ pid: Int32) {
    var status: Int32 = 0
    _ = SystemCall.retrying { waitpid(pid, &status, WNOHANG) }
  }
}
