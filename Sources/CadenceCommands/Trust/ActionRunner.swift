import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a command that a hook or a setting asked for: an argument list, never through a shell,
/// in a process group of its own, with a time limit after which the whole group is killed, its
/// output (standard output and error together) captured up to 4 KB. Each command waits on a
/// thread of its own, so nothing it does can hold up the timer.
final class ActionRunner: @unchecked Sendable {
  /// How a command ended.
  struct Outcome: Sendable {
    /// The exit status, or nil when it did not exit by itself (killed, or never started).
    var status: Int32?
    var timedOut: Bool
    /// What it wrote, cut at 4 KB; or why it could not start.
    var output: String
  }

  static let outputLimit = 4096
  private let group = DispatchGroup()

  /// Starts `arguments` (the first is the program, looked for on PATH unless it has a `/`),
  /// with `input` on its standard input, and calls `done` when it has ended.
  func run(
    _ arguments: [String], timeout milliseconds: Int64, input: [UInt8] = [],
    environment: [String: String], done: @escaping @Sendable (Outcome) -> Void
  ) {
    guard let program = arguments.first,
      let executable = program.contains("/")
        ? program : ExternalCommand.locate(program, environment: environment)
    else {
      done(Outcome(status: nil, timedOut: false, output: "not found on PATH"))
      return
    }
    group.enter()
    DispatchQueue.global().async { [group] in
      done(Self.execute(executable, arguments, timeout: milliseconds, input: input))
      group.leave()
    }
  }

  /// Waits for the commands still running (each ends by its time limit at the latest).
  func wait() { group.wait() }

  private static func reason(_ number: Int32) -> String { String(cString: strerror(number)) }

  /// A pipe whose ends are closed in every other program started.
  private static func pipe(_ ends: inout [Int32]) -> Bool {
    guard Glibc.pipe(&ends) == 0 else { return false }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return true
  }

  private static func execute(
    _ executable: String, _ arguments: [String], timeout milliseconds: Int64, input: [UInt8]
  ) -> Outcome {
    var inputPipe: [Int32] = [0, 0]
    var outputPipe: [Int32] = [0, 0]
    guard Self.pipe(&inputPipe) else {
      return Outcome(status: nil, timedOut: false, output: "no pipe: \(Self.reason(errno))")
    }
    guard Self.pipe(&outputPipe) else {
      close(inputPipe[0])
      close(inputPipe[1])
      return Outcome(status: nil, timedOut: false, output: "no pipe: \(Self.reason(errno))")
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
    posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    posix_spawnattr_setpgroup(&attributes, 0)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGCHLD] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setflags(
      &attributes,
      Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let argv = arguments.map { strdup($0) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      posix_spawn_file_actions_destroy(&actions)
      posix_spawnattr_destroy(&attributes)
    }
    var pid: pid_t = 0
    let started = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
    close(inputPipe[0])
    close(outputPipe[1])
    guard started == 0 else {
      close(inputPipe[1])
      close(outputPipe[0])
      return Outcome(
        status: nil, timedOut: false, output: "could not start: \(Self.reason(started))")
    }
    // The input is written on its own thread (a command that does not read it must not block
    // this one), and the time limit kills the whole group.
    let writeEnd = inputPipe[1]
    DispatchQueue.global().async {
      input.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
          let written = write(writeEnd, buffer.baseAddress! + offset, buffer.count - offset)
          if written < 0, errno == EINTR { continue }
          if written <= 0 { break }
          offset += written
        }
      }
      close(writeEnd)
    }
    final class Flag: @unchecked Sendable { var timedOut = false }
    let flag = Flag()
    let killer = DispatchWorkItem {
      flag.timedOut = true
      kill(-pid, SIGKILL)
    }
    DispatchQueue.global().asyncAfter(
      deadline: .now() + .milliseconds(Int(max(1, milliseconds))), execute: killer)
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(outputPipe[0], &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      if output.count < outputLimit {
        output += buffer.prefix(min(count, outputLimit - output.count))
      }
    }
    close(outputPipe[0])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    killer.cancel()
    // Whatever is left of its group goes with it.
    kill(-pid, SIGKILL)
    let exited = status & 0x7F == 0
    return Outcome(
      status: exited && !flag.timedOut ? (status >> 8) & 0xFF : nil, timedOut: flag.timedOut,
      output: String(decoding: output, as: UTF8.self))
  }
}
