import CadenceStore
import CadenceSystem
import CadenceTestSupport
import Foundation
import Testing

@testable import CadenceRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// The lock a counting focus or break holds: a new focus refuses while a run that counts holds
/// it, and waits for one that has stopped or finished and is only saving its session (it lets
/// go in a moment), instead of refusing as though another were starting.
@Suite(.timeLimit(.minutes(10))) struct FocusLockTests {
  let folder = TemporaryFolder("focus-lock")

  var environment: [String: String] { ["XDG_RUNTIME_DIR": folder.path("run")] }

  /// Holds the focus lock in another process (flock(1), which becomes `sleep`) for `seconds`,
  /// once it holds it.
  func holdLock(for seconds: Double) throws -> Process {
    let directory = RuntimeDirectory(environment: environment)
    #expect(directory.prepare() == nil)
    let lock = directory.path + "/focus.lock"
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
    holder.arguments = ["--no-fork", lock, "sleep", String(seconds)]
    try holder.run()
    let deadline = Date().addingTimeInterval(10)
    while !ProcessLock.isHeld(lock), Date() < deadline { usleep(5_000) }
    #expect(ProcessLock.isHeld(lock))
    return holder
  }

  @Test func aFocusWaitsForTheLockOfARunThatCountsNoMore() throws {
    try folder.created()
    defer { folder.remove() }
    let store = try Store(path: folder.path("cadence.db"))
    // Held by a process no database or socket knows as counting: a run saving its session.
    let holder = try holdLock(for: 2)
    defer { holder.waitUntilExit() }
    let asked = ContinuousClock.now
    let descriptor = try #require(try RunningFocus.claim(in: store, environment: environment))
    // Taken once the holder let go, 2 s after it took the lock: over a second after this test
    // saw it held, unless the machine held this test back for most of a second.
    #expect(ContinuousClock.now - asked >= .seconds(1))
    ProcessLock.release(descriptor)
  }

  @Test func aLockHeldLongerIsRefusedAfterTheWait() throws {
    try folder.created()
    defer { folder.remove() }
    let store = try Store(path: folder.path("cadence.db"))
    let holder = try holdLock(for: 30)
    defer {
      kill(holder.processIdentifier, SIGKILL)
      holder.waitUntilExit()
    }
    let started = Date()
    #expect(throws: CommandRefusal.self) {
      try RunningFocus.claim(in: store, environment: environment)
    }
    let waited = Date().timeIntervalSince(started)
    #expect(waited >= Double(RunningFocus.lockWaitMilliseconds) / 1000 - 0.05)
    #expect(holder.isRunning)
  }
}
