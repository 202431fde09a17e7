import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Starting a program that may outlive the call (a tmux server, an X server, a bus, a program
/// that forks and measures another) with `posix_spawn`, in a clean signal state: an empty
/// signal mask and default dispositions. The test runner's threads block most signals; without
/// these a child inherits that mask, ignores SIGTERM and SIGHUP, and outlives the test that
/// started it. Its output goes to a file, so that no pipe of the test's is held open.
public enum CleanSpawn {
  /// Why a program could not start.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Starts `words` (a program's name, looked up on PATH, and its arguments) with standard
  /// input from /dev/null, standard output to the file `output` and standard error to `error`
  /// (nil: with the output), with exactly `environment` (nil: this process's); its process id.
  public static func start(
    _ words: [String], output: String, error: String? = nil,
    environment: [String: String]? = nil
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    if let error {
      posix_spawn_file_actions_addopen(&actions, 2, error, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    } else {
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
    }
    let argv = words.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
    defer { for pointer in envp ?? [] { free(pointer) } }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var all = sigset_t()
    var none = sigset_t()
    sigfillset(&all)
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    var pid: pid_t = 0
    let spawned = argv.withUnsafeBufferPointer { arguments in
      if let envp {
        return envp.withUnsafeBufferPointer { variables in
          posix_spawnp(
            &pid, words[0], &actions, &attributes, arguments.baseAddress!, variables.baseAddress!)
        }
      }
      return posix_spawnp(&pid, words[0], &actions, &attributes, arguments.baseAddress!, environ)
    }
    guard spawned == 0 else {
      throw Failure(
        description: "\(words[0]) could not start: \(String(cString: strerror(spawned)))")
    }
    return pid
  }

  /// Waits for `pid` to end, up to `seconds` (then kills it with SIGKILL); its wait status, or
  /// nil when it had to be killed or was lost.
  public static func wait(_ pid: pid_t, seconds: Double = .infinity) -> Int32? {
    let deadline = Date().addingTimeInterval(seconds)
    var status: Int32 = 0
    while true {
      let reaped = waitpid(pid, &status, seconds.isInfinite ? 0 : WNOHANG)
      if reaped == pid { return status }
      if reaped < 0, errno != EINTR { return nil }
      if Date() > deadline {
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return nil
      }
      if reaped == 0 { usleep(5_000) }
    }
  }

  /// Runs `words` to its end (killed after `seconds`), as `start` starts it: its exit status
  /// (128 and the signal's number when a signal ended it; 124 when it took too long) and what
  /// it wrote on standard output, and on standard error unless `error` says where else.
  public static func run(
    _ words: [String], seconds: Double = 20, error: String? = nil,
    environment: [String: String]? = nil
  ) throws -> (status: Int32, output: String) {
    let output = TemporaryFolder.newPath("output")
    defer { try? FileManager.default.removeItem(atPath: output) }
    let pid = try start(words, output: output, error: error, environment: environment)
    guard let status = wait(pid, seconds: seconds) else {
      return (124, "\(words[0]) took over \(Int(seconds)) seconds")
    }
    let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return (code, text)
  }

  /// Ends `pid` with SIGTERM (SIGKILL after two seconds) and reaps it.
  public static func end(_ pid: pid_t) {
    kill(pid, SIGTERM)
    var status: Int32 = 0
    for _ in 0..<200 {
      if waitpid(pid, &status, WNOHANG) != 0 { return }
      usleep(10_000)
    }
    kill(pid, SIGKILL)
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
  }
}
