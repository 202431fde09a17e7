import CadenceSystem
import FoundationEssentials

/// One `cadence-lua-worker` process and the socket to it. Cadence holds every request's
/// deadline: past it, or when the worker dies or sends what it should not, the worker is
/// killed and reaped at once, and every later request fails the same way.
///
/// Not thread-safe: one thread at a time.
final class LuaWorker {
  let pid: Int32
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
    let pair: (Int32, Int32)
    switch UnixSocket.pair() {
    case .success(let ends): pair = ends
    case .failure(let why): throw .cannotStart("no socket: \(why)")
    }
    var passed = Self.passedEnvironment.compactMap { name in
      ProcessEnvironment.value(name).map { "\(name)=\($0)" }
    }
    // Under AddressSanitizer, a crash stays a signal (the sanitizer's report could not be
    // written anyway: the filter allows no descriptor but the socket).
    let sanitizer = ProcessEnvironment.value("ASAN_OPTIONS") ?? ""
    passed.append("ASAN_OPTIONS=\(sanitizer):handle_segv=0:handle_sigbus=0")
    // Its end of the socket as descriptor 3; every other descriptor closes on exec.
    let spawn = Spawn(
      path, [String(memory)], environment: passed, fileActions: [.duplicate(pair.1, as: 3)],
      signalDefaults: .only(Signals.endings))
    let started = spawn.start()
    Descriptor.close(pair.1)
    switch started {
    case .success(let child): pid = child
    case .failure(let why):
      Descriptor.close(pair.0)
      throw .cannotStart("\(path): \(why)")
    }
    socket = pair.0
    Descriptor.setNonBlocking(socket)
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
      let moved =
        writing
        ? UnixSocket.sendSome(socket, buffer[done...])
        : buffer.withUnsafeMutableBytes {
          Descriptor.readSome(socket, into: UnsafeMutableRawBufferPointer(rebasing: $0[done...]))
        }
      switch moved {
      case .success(let count) where count > 0:
        done += count
        continue
      case .success:
        // Nothing read is the end of input; nothing sent, a full buffer to wait on.
        if !writing { throw .exited(status: -1) }
      case .failure(.wouldBlock): break
      case .failure: throw .exited(status: -1)
      }
      let left = deadline - Self.now()
      guard left > 0 else { throw .timedOut(seconds: seconds) }
      let wait = Int32(min(left * 1000 + 1, 3_600_000))
      guard
        case .success = Descriptor.wait(
          socket, for: writing ? .writable : .readable, milliseconds: wait)
      else { throw .exited(status: -1) }
    }
  }

  /// Kills and reaps the worker if it still runs; the failure to report from now on, which for
  /// a worker that went away by itself is how it ended.
  @discardableResult
  func stop(because reason: WorkerFailure? = nil) -> WorkerFailure {
    if let failure { return failure }
    Descriptor.close(socket)
    socket = -1
    let how = Processes.killAndWait(pid)
    let ended: WorkerFailure
    switch reason {
    case .exited?:
      // The socket closed: the worker's own end tells what happened.
      switch how {
      case .success(.signalled(let signal)): ended = .crashed(signal: signal)
      case .success(.exited(let status)): ended = .exited(status: status)
      case .failure: ended = .exited(status: 0)
      }
    case let other?:
      ended = other
    case nil:
      ended = .exited(status: 0)
    }
    failure = ended
    return ended
  }

  static func now() -> Double { Double(MonotonicClock.microseconds) / 1e6 }
}
