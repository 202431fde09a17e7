import CadenceCore
import CadenceSystem
import FoundationEssentials

/// `status --follow`: the runs that are going, told to a status bar at once, then every second
/// and at every change, across runs, for as long as the bar reads.
///
/// Each run is asked its status once and then followed over its `watch` stream, so a pause,
/// a skip or a step's end is told as the run says it, and the seconds in between are told
/// from the engine the stream last sent, without asking again. The runtime folder is watched
/// (inotify) for runs that start; when it cannot be (it is not there yet), it is looked at
/// once a second instead. All of it is one thread asleep in poll(2): one wake-up a second.
///
/// The runs waiting to be resumed (from the database) are read at the start, when a run's
/// stream ends (a run killed is one), when a run starts (a resumed one is no longer waiting),
/// at each second for 15 seconds after either (a killed process counts as alive until its
/// parent has reaped it, which can take seconds), and every 5 seconds while one is waiting
/// (`resume` may record it as over without starting a run); with none waiting and nothing
/// happening, never.
public final class StatusFollower {
  /// The runs going and waiting; `tick` is true for the line of each second, false for one
  /// told because something changed.
  public typealias Emit = (_ board: StatusBoard, _ tick: Bool) -> Void

  private let directory: RuntimeDirectory
  private let lookUpWaiting: () -> [WaitingRun]
  private var waiting: [WaitingRun] = []
  /// When to read the runs waiting to be resumed again, if at all, and until when to read
  /// them every second.
  private var recheck: ContinuousClock.Instant?
  private var recheckEverySecond = ContinuousClock.now
  private var followed: [Int32: FollowedRun] = [:]
  /// Runs whose stream ended, by id, while their socket is still there (a run that was
  /// killed leaves it), so that they are not followed again.
  private var gone: Set<String> = []
  private var watch: DirectoryWatch?
  /// When to look again at sockets whose run did not answer yet (one that has only just
  /// started answers once its first step has begun).
  private var retry: ContinuousClock.Instant?

  /// Follows the runs of `directory`; `waiting` reads the runs waiting to be resumed.
  public init(directory: RuntimeDirectory, waiting: @escaping () -> [WaitingRun] = { [] }) {
    self.directory = directory
    lookUpWaiting = waiting
  }

  deinit {
    for descriptor in followed.keys { Descriptor.close(descriptor) }
  }

  /// Tells `emit` the runs going at once, then every second and at every change, until the
  /// reader of `output` goes away (its end closed: the follower returns).
  public func follow(output: Int32, emit: Emit) {
    startWatching()
    scan()
    refreshWaiting(soon: false)
    var shown = emitNow(emit, tick: true)
    var due = nextTick(after: shown)
    while true {
      let now = ContinuousClock.now
      var entries = [PollEntry(output)]
      if let watch {
        entries.append(PollEntry(watch.descriptor, .readable))
      }
      let descriptors = Array(followed.keys)
      let first = entries.count
      for descriptor in descriptors {
        entries.append(PollEntry(descriptor, .readable))
      }
      _ = Descriptor.poll(
        &entries, milliseconds: Self.milliseconds(from: now, to: min(due, retry ?? due)))
      if !entries[0].found.isDisjoint(with: [.broken, .invalid]) { return }
      var changed = false
      var started = false
      if let watch, !entries[1].found.isEmpty {
        if !watch.drain() { self.watch = nil }
        started = scan()
      }
      var ended = false
      for (index, descriptor) in descriptors.enumerated()
      where !entries[first + index].found.isEmpty {
        changed = read(descriptor, ended: &ended) || changed
      }
      // A run that ended may have left its socket (killed), and another may have started
      // meanwhile.
      if ended { started = scan() || started }
      if let retry, ContinuousClock.now >= retry { started = scan() || started }
      // A run killed or resumed changes which runs wait: asked now and again a second later
      // (a killed process may not be gone yet when its stream ends).
      if ended || started { changed = refreshWaiting(soon: true) || changed }
      changed = changed || started
      let arrived = ContinuousClock.now
      if arrived >= due {
        if watch == nil {
          startWatching()
          if scan() { refreshWaiting(soon: true) }
        }
        if let recheck, arrived >= recheck { refreshWaiting(soon: false) }
        shown = emitNow(emit, tick: true)
        due = nextTick(after: shown)
      } else if changed {
        shown = emitNow(emit, tick: false)
        due = min(due, nextTick(after: shown))
      }
    }
  }

  /// Emits the runs as they are now; returns when, and the one shown.
  private func emitNow(_ emit: Emit, tick: Bool) -> (
    at: ContinuousClock.Instant, runs: [RunStatus]
  ) {
    let now = ContinuousClock.now
    let board = StatusBoard(
      going: followed.values.filter { !$0.ended }.map { $0.status(at: now) }, waiting: waiting)
    emit(board, tick)
    return (now, board.live)
  }

  /// When the next line is due: a second after the last, or sooner, when the time left that
  /// the last run shows turns to its next whole second, so each line shows the next second.
  func nextTick(after shown: (at: ContinuousClock.Instant, runs: [RunStatus]))
    -> ContinuousClock.Instant
  {
    Self.nextTick(after: shown.at, showing: shown.runs.last)
  }

  /// When the line after one emitted at `instant`, showing `status`, is due.
  public static func nextTick(after instant: ContinuousClock.Instant, showing status: RunStatus?)
    -> ContinuousClock.Instant
  {
    guard let status, status.state == "running", status.kind != "manual",
      status.remainingMilliseconds > 0
    else { return instant + .seconds(1) }
    let part = status.remainingMilliseconds % 1000
    // A millisecond past the turn, so the line shows the second that has just begun.
    return instant + .milliseconds((part == 0 ? 1000 : part) + 1)
  }

  static func milliseconds(from now: ContinuousClock.Instant, to due: ContinuousClock.Instant)
    -> Int32
  {
    guard due > now else { return 0 }
    let (seconds, attoseconds) = now.duration(to: due).components
    return Int32(
      min(60_000, seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000))
  }

  /// Reads the runs waiting to be resumed again: whether they changed. `soon` asks for a look
  /// at each second's line for 15 seconds, else in 5 seconds if one is waiting.
  @discardableResult
  private func refreshWaiting(soon: Bool) -> Bool {
    let found = lookUpWaiting()
    if soon { recheckEverySecond = .now + .seconds(15) }
    recheck =
      ContinuousClock.now < recheckEverySecond
      ? .now + .milliseconds(900) : found.isEmpty ? nil : .now + .seconds(5)
    guard found != waiting else { return false }
    waiting = found
    return true
  }

  private func startWatching() {
    if case .success(let made) = DirectoryWatch.start(directory.path) { watch = made }
  }

  /// Follows the runs whose sockets appeared, and forgets the ended ones whose socket has
  /// gone: whether a run was added.
  @discardableResult
  private func scan() -> Bool {
    let ids = directory.socketIDs()
    gone.formIntersection(ids)
    let known = Set(followed.values.map(\.id))
    var added = false
    retry = nil
    for id in ids where !known.contains(id) && !gone.contains(id) {
      let path = directory.socket(id)
      guard case .success(let reply) = ControlClient.request(.status, socket: path),
        let status = reply.status
      else {
        ControlClient.removeIfStale(path)
        if FileManager.default.fileExists(atPath: path) { retry = .now + .milliseconds(50) }
        continue
      }
      guard case .success(let connection) = ControlClient.watch(socket: path, answers: false) else {
        retry = .now + .milliseconds(50)
        continue
      }
      Descriptor.setNonBlocking(connection)
      followed[connection] = FollowedRun(status: status, at: ContinuousClock.now)
      added = true
    }
    return added
  }

  /// Reads what a run's stream sent: whether what its status says changed. A stream that
  /// ended (the run ended, or was killed) sets `ended`, and the run is let go.
  private func read(_ descriptor: Int32, ended: inout Bool) -> Bool {
    guard var run = followed[descriptor] else { return false }
    var changed = false
    var open = true
    while true {
      switch Descriptor.read(descriptor) {
      case .success(let bytes) where !bytes.isEmpty:
        changed = run.take(bytes, at: ContinuousClock.now) || changed
        continue
      case .failure(.wouldBlock): break
      default: open = false
      }
      break
    }
    guard open && !run.ended else {
      followed[descriptor] = nil
      Descriptor.close(descriptor)
      gone.insert(run.id)
      ControlClient.removeIfStale(directory.socket(run.id))
      ended = true
      return true
    }
    followed[descriptor] = run
    return changed
  }
}
