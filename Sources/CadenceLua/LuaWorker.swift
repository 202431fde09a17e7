import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// One `cadence-lua-worker` process and the socket to it. Cadence holds every request's
/// deadline: past it, or when the worker dies or sends what it should not, the worker is
/// killed and reaped at once, and every later request fails the same way.
///
/// Not thread-safe: one thread at a time.
final class LuaWorker {
  let pid: pid_t
  private var socket: Int32
  /// Why the worker is gone, once it is.
  private(set) var failure: WorkerFailure?

  /// The environment the worker gets: only what the sanitizers, `os.date` and the tests read.
  private static let passedEnvironment = [
    "TZ", "UBSAN_OPTIONS", "CADENCE_WORKER_TEST",
  ]

  /// Starts a worker whose Lua may hold `memory` bytes.
  init(memory: Int) throws(WorkerFailure) {
    guard let path = WorkerLocator.path else {
      throw .cannotStart("no \(WorkerLocator.name) beside the cadence program")
    }
    var pair: [Int32] = [-1, -1]
    guard
      socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0
    else { throw .cannotStart("no socket: \(String(cString: strerror(errno)))") }
    // The child's end must not already be descriptor 3, where dup2 would keep close-on-exec.
    if pair[1] == 3 {
      let moved = fcntl(pair[1], F_DUPFD_CLOEXEC, 4)
      close(pair[1])
      pair[1] = moved
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pair[1], 3)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&defaults, number) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    let environment = ProcessInfo.processInfo.environment
    let arguments = [path, String(memory)].map { $0.withCString { strdup($0) } }
    var passed = Self.passedEnvironment.compactMap { name in
      environment[name].map { "\(name)=\($0)" }
    }
    // Under AddressSanitizer, a crash stays a signal (the sanitizer's report could not be
    // written anyway: the filter allows no descriptor but the socket).
    passed.append("ASAN_OPTIONS=\(environment["ASAN_OPTIONS"] ?? ""):handle_segv=0:handle_sigbus=0")
    let variables = passed.map { $0.withCString { strdup($0) } }
    defer { (arguments + variables).forEach { free($0) } }
    var child: pid_t = 0
    let status = posix_spawn(
      &child, path, &actions, &attributes, arguments + [nil], variables + [nil])
    close(pair[1])
    guard status == 0 else {
      close(pair[0])
      throw .cannotStart("\(path): \(String(cString: strerror(status)))")
    }
    pid = child
    socket = pair[0]
    _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
  }

  deinit { stop() }

  /// Sends `request` (a whole frame) and returns the reply's kind and payload, all within
  /// `seconds`. A reply longer than `limit` bytes is refused before it is read.
  private func exchange(_ request: [UInt8], limit: Int, seconds: Double) throws(WorkerFailure)
    -> (kind: UInt8, payload: [UInt8])
  {
    if let failure { throw failure }
    let deadline = Self.now() + seconds
    do throws(WorkerFailure) {
      var sent = request
      try transfer(&sent, writing: true, deadline: deadline, seconds: seconds)
      var header = [UInt8](repeating: 0, count: 5)
      try transfer(&header, writing: false, deadline: deadline, seconds: seconds)
      let length = (0..<4).reduce(0) { $0 | Int(header[$1]) << (8 * $1) }
      guard length <= limit else {
        throw .malformed("a reply of \(length) bytes where at most \(limit) may come")
      }
      var payload = [UInt8](repeating: 0, count: length)
      try transfer(&payload, writing: false, deadline: deadline, seconds: seconds)
      return (header[4], payload)
    } catch {
      throw stop(because: error)
    }
  }

  /// Sends `request` and decodes the reply (a hooks reply must carry `calls` outcomes), all
  /// within `seconds`. A reply Cadence will not read stops the worker like any other failure.
  func request(_ request: [UInt8], limit: Int, seconds: Double, calls: Int = 1)
    throws(WorkerFailure) -> WorkerReply
  {
    let (kind, payload) = try exchange(request, limit: limit, seconds: seconds)
    do {
      return try WorkerReply.decode(kind: kind, payload: payload, calls: calls)
    } catch {
      throw stop(because: .malformed(error.reason))
    }
  }

  /// Moves all of `buffer` through the socket (out of it, or into it), waiting in poll for at
  /// most the time left.
  private func transfer(
    _ buffer: inout [UInt8], writing: Bool, deadline: Double, seconds: Double
  ) throws(WorkerFailure) {
    var done = 0
    let total = buffer.count
    while done < total {
      let count =
        writing
        ? buffer.withUnsafeBytes {
          send(socket, $0.baseAddress! + done, total - done, Int32(MSG_NOSIGNAL))
        }
        : buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress! + done, total - done, 0) }
      if count > 0 {
        done += count
        continue
      }
      if count == 0 && !writing { throw .exited(status: -1) }
      if count < 0 && errno == EINTR { continue }
      guard count < 0, errno == EAGAIN || errno == EWOULDBLOCK else { throw .exited(status: -1) }
      let left = deadline - Self.now()
      guard left > 0 else { throw .timedOut(seconds: seconds) }
      var poller = pollfd(fd: socket, events: Int16(writing ? POLLOUT : POLLIN), revents: 0)
      let ready = poll(&poller, 1, Int32(min(left * 1000 + 1, 3_600_000)))
      if ready < 0 && errno != EINTR { throw .exited(status: -1) }
    }
  }

  /// Kills and reaps the worker if it still runs; the failure to report from now on, which for
  /// a worker that went away by itself is how it ended.
  @discardableResult
  func stop(because reason: WorkerFailure? = nil) -> WorkerFailure {
    if let failure { return failure }
    close(socket)
    socket = -1
    _ = kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7F
    let ended: WorkerFailure
    switch reason {
    case .exited?:
      // The socket closed: the worker's own end tells what happened.
      ended = signal == 0 ? .exited(status: (status >> 8) & 0xFF) : .crashed(signal: signal)
    case let other?:
      ended = other
    case nil:
      ended = .exited(status: 0)
    }
    failure = ended
    return ended
  }

  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
