import CadenceSystem
import CadenceTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The one spawn builder, run for real with /bin/sh: its file actions, its session, its
/// signal state and its environment, and how a child's end is decoded.
@Suite struct SpawnTests {
  /// Runs `script` in sh with the spawn's other settings, its standard output on a pipe, and
  /// gives what it printed and how it ended.
  func run(
    _ script: String, shell: String = "/bin/sh", environment: [String]? = nil,
    actions: [Spawn.FileAction] = [],
    newSession: Bool = false, signalDefaults: Spawn.SignalDefaults = .all
  ) throws -> (output: String, ending: ProcessEnding) {
    let pipe = try Descriptor.pipe().get()
    let spawn = Spawn(
      shell, ["-c", script], environment: environment,
      fileActions: [.duplicate(pipe.write, as: 1)] + actions, newSession: newSession,
      signalDefaults: signalDefaults)
    let started = spawn.start()
    Descriptor.close(pipe.write)
    defer { Descriptor.close(pipe.read) }
    let pid = try started.get()
    let output = try Descriptor.readToEnd(pipe.read).get()
    let ending = try Processes.wait(pid).get()
    return (String(decoding: output, as: UTF8.self), ending)
  }

  @Test func anExitStatusAndASignalAreDecoded() throws {
    #expect(try run("exit 7").ending == .exited(7))
    #expect(try run("exit 0").ending == .exited(0))
    #expect(try run("kill -TERM $$").ending == .signalled(SIGTERM))
    #expect(try run("kill -KILL $$").ending == .signalled(SIGKILL))
  }

  /// Raw wait statuses as the kernel writes them: exit code in the second byte, the signal in
  /// the low seven bits, the core-dump flag beside it.
  @Test func rawWaitStatusesAreDecoded() {
    #expect(ProcessEnding(status: 0) == .exited(0))
    #expect(ProcessEnding(status: 0x4500) == .exited(0x45))
    #expect(ProcessEnding(status: 0xFF00) == .exited(255))
    #expect(ProcessEnding(status: 9) == .signalled(9))
    #expect(ProcessEnding(status: 0x80 | 11) == .signalled(11))
  }

  @Test func killAndWaitEndsAChildThatWouldNotEnd() throws {
    let pid = try Spawn("/bin/sleep", ["30"]).start().get()
    #expect(try Processes.killAndWait(pid).get() == .signalled(SIGKILL))
    #expect(throws: Errno.self) { try Processes.wait(pid).get() }
  }

  @Test func aMissingProgramIsAnErrno() {
    let started = Spawn("/nonexistent/program", []).start()
    #expect(throws: Errno.noSuchFile) { try started.get() }
  }

  @Test func closeFromLeavesOnlyTheDescriptorsBelow() throws {
    // A descriptor open in this process, not close-on-exec, is inherited without closeFrom.
    let extra = dup(2)
    #expect(extra > 2)
    defer { close(extra) }
    let script = "test -e /proc/$$/fd/\(extra) && echo open || echo closed"
    #expect(try run(script).output == "open\n")
    #expect(try run(script, actions: [.closeFrom(3)]).output == "closed\n")
    #expect(
      try run("test -e /proc/$$/fd/2 && echo open", actions: [.closeFrom(3)]).output == "open\n")
  }

  /// A descriptor duplicated onto its own number keeps no close-on-exec flag: the child has it.
  @Test func aDescriptorDuplicatedOntoItselfStaysOpenInTheChild() throws {
    let pipe = try Descriptor.pipe().get()
    defer {
      Descriptor.close(pipe.read)
      Descriptor.close(pipe.write)
    }
    // Close-on-exec, as every descriptor Cadence makes is.
    let number: Int32 = 900
    #expect(dup2(pipe.write, number) == number)
    #expect(fcntl(number, F_SETFD, FD_CLOEXEC) == 0)
    defer { close(number) }
    // bash, which takes descriptors past 9 in a redirection.
    let without = try run("echo one >&900 && echo wrote", shell: "/bin/bash")
    #expect(without.output.isEmpty)
    let with = try run(
      "echo two >&900 && echo wrote", shell: "/bin/bash",
      actions: [.duplicate(number, as: number)])
    #expect(with.output == "wrote\n")
    Descriptor.setNonBlocking(pipe.read)
    #expect(try Descriptor.read(pipe.read).get() == Array("two\n".utf8))
  }

  @Test func openingPrivatelyAppendsToAFileMadeWithMode0600AndNeverThroughALink() throws {
    let temporary = try TemporaryFolder("spawn").created()
    defer { temporary.remove() }
    let folder = temporary.path
    let log = folder + "/log"
    for word in ["first", "second"] {
      let ran = try run("echo \(word) >&2", actions: [.open(2, path: log, .appendingPrivately)])
      #expect(ran.ending == .exited(0))
    }
    #expect(try String(contentsOfFile: log, encoding: .utf8) == "first\nsecond\n")
    let mode = try FileManager.default.attributesOfItem(atPath: log)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    let link = folder + "/link"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: log)
    let started = Spawn("/bin/true", [], fileActions: [.open(2, path: link, .appendingPrivately)])
      .start()
    // glibc's posix_spawn reports the failed open as the start's failure.
    #expect(throws: Errno(ELOOP)) { try started.get() }
    let input = try run("cat", actions: [.open(0, path: log, .reading)])
    #expect(input.output == "first\nsecond\n")
  }

  @Test func aNewSessionIsLedByTheChild() throws {
    let script = "echo $$ $(cut -d' ' -f6 /proc/$$/stat)"
    let led = try run(script, newSession: true).output.split(separator: " ")
    #expect(led.count == 2 && led[0] == led[1].dropLast())
    let joined = try run(script).output.split(separator: " ")
    #expect(joined.count == 2 && joined[0] != joined[1].dropLast())
  }

  /// `.all` resets every signal this process ignores; `.only` resets just those named.
  @Test func signalDefaultsResetAllOrOnlyThoseNamed() throws {
    let previous = signal(SIGUSR2, SIG_IGN)
    defer { signal(SIGUSR2, previous) }
    let ignored = "grep SigIgn /proc/$$/status | cut -f2"
    let bit = UInt64(1) << (SIGUSR2 - 1)
    func mask(_ text: String) -> UInt64 {
      UInt64(text.trimmingCharacters(in: .whitespacesAndNewlines), radix: 16) ?? 0
    }
    #expect(mask(try run(ignored).output) & bit == 0)
    let kept = try run(ignored, signalDefaults: .only(Signals.endings)).output
    #expect(mask(kept) & bit != 0)
  }

  @Test func anEnvironmentReplacesThisProcesssOwn() throws {
    let pipe = try Descriptor.pipe().get()
    let started = Spawn(
      "/usr/bin/env", [], environment: ["CADENCE_SPAWN_TEST=given"],
      fileActions: [.duplicate(pipe.write, as: 1)]
    ).start()
    Descriptor.close(pipe.write)
    defer { Descriptor.close(pipe.read) }
    let pid = try started.get()
    let given = String(decoding: try Descriptor.readToEnd(pipe.read).get(), as: UTF8.self)
    #expect(try Processes.wait(pid).get() == .exited(0))
    #expect(given == "CADENCE_SPAWN_TEST=given\n")
    setenv("CADENCE_SPAWN_TEST_OWN", "inherited", 1)
    let inherited = try run("echo \"[$CADENCE_SPAWN_TEST_OWN]\"")
    #expect(inherited.output == "[inherited]\n")
  }
}
