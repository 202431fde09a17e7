import CadenceTestSupport
import Foundation
import Testing

/// Every file Cadence reads is a regular file, refused in one sentence naming it otherwise and
/// never waited on; and every input (standard input included) is read a chunk at a time up to
/// what it can sensibly be, so an endless stream costs only that.
@Suite(.timeLimit(.minutes(10))) struct BoundedInputTests {
  let folder: URL

  init() throws {
    folder = try TemporaryFolder("bounded").created().url
  }

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// A FIFO no one writes to: opening it for reading without O_NONBLOCK waits forever.
  func fifo(_ name: String) -> String {
    let fifo = path(name)
    #expect(mkfifo(fifo, 0o600) == 0)
    return fifo
  }

  /// Runs cadence under `timeout`, so that a hang ends the test with 124 rather than never.
  func cadence(
    _ arguments: [String], environment: [String: String] = [:], seconds: Int = 30
  ) throws -> CadenceProcess.Output {
    try CadenceProcess.run(
      arguments, environment: environment, wrapper: ["/usr/bin/timeout", "\(seconds)"])
  }

  @Test(arguments: [
    ["today"], ["stats"], ["plan", "tabata", "--start", "09:00"], ["check", "tabata"],
    ["simulate", "tabata"],
  ])
  func aZoneFileThatIsAFIFOIsNotWaitedOn(_ arguments: [String]) throws {
    let fifo = fifo("zone")
    let database = ["--db", path("zone.db")]
    let extra = ["today", "stats"].contains(arguments[0]) ? database : []
    for environment in [
      ["TZ": fifo], ["TZ": ":" + fifo], ["TZ": "zone", "TZDIR": folder.path],
    ] {
      let output = try cadence(arguments + extra, environment: environment)
      // Cadence reads the zone as the C library does: what cannot be read is UTC; and one
      // that is not a file at all is named, once.
      #expect(output.status == 0, "\(arguments) \(environment): \(output.standardError)")
      #expect(
        output.standardError
          == "\(fifo): is a named pipe (FIFO), not a zone file, so times are in UTC; set TZ to a zone such as Europe/London\n"
      )
    }
  }

  @Test func anEndlessStandardInputIsCutAtTheLimit() throws {
    // `yes` never ends: the reader must stop at the limit and say so.
    // The wrapper puts the binary after its own words: it is the script's $0.
    let imported = try CadenceProcess.run(
      [path("i.db")],
      wrapper: [
        "/usr/bin/timeout", "60", "/bin/bash", "-c", "yes | \"$0\" history import - --db \"$1\"",
      ])
    #expect(imported.status == 65, "\(imported.standardError)")
    #expect(
      imported.standardError
        == "standard input: is larger than 256 MB, more than any history --json export; nothing was imported\n"
    )
    let added = try CadenceProcess.run(
      [], environment: ["CADENCE_ROUTINES": folder.path],
      wrapper: [
        "/usr/bin/timeout", "60", "/bin/bash", "-c", "\"$0\" add - --name endless < /dev/zero",
      ])
    #expect(added.status == 65, "\(added.standardError)")
    #expect(
      added.standardError
        == "standard input: is larger than 64 MB, too large to be a routine; nothing was added\n")
    #expect(!FileManager.default.fileExists(atPath: path("endless.lua")))
  }

  @Test func aFileThatIsNotRegularIsRefusedByNameWherever() throws {
    let fifo = fifo("pipe")
    let database = ["--db", path("files.db")]
    for (arguments, expected) in [
      (["history", "import", fifo], "\(fifo): is a named pipe (FIFO), not a regular file"),
      (["history", "import", "/dev/zero"], "/dev/zero: is a character device, not a regular file"),
      (["add", fifo, "--name", "p"], "\(fifo): is a named pipe (FIFO), not a regular file"),
      (
        ["add", "/dev/zero", "--name", "z"], "/dev/zero: is a character device, not a regular file"
      ),
      (
        ["config", "set", "sound", "/dev/zero"],
        "/dev/zero: is a character device, not a regular file"
      ),
      (["config", "set", "sound", fifo], "\(fifo): is a named pipe (FIFO), not a regular file"),
      (
        ["timer", "1s", "--plain", "--sound", "/dev/zero"],
        "/dev/zero: is a character device, not a regular file"
      ),
      (["show", fifo], "\(fifo): is a named pipe (FIFO), not a routine file"),
    ] as [([String], String)] {
      let takesDatabase = !["add", "show"].contains(arguments[0])
      let output = try cadence(
        arguments + (takesDatabase ? database : []),
        environment: ["CADENCE_ROUTINES": folder.path])
      #expect(output.status == 66, "\(arguments): \(output.standardError)")
      #expect(output.standardError.hasPrefix(expected), "\(arguments): \(output.standardError)")
      #expect(output.standardError.split(separator: "\n").count == 1)
    }
  }

  @Test(arguments: ["stats", "history", "today"])
  func aDatabaseThatIsNotAFileIsRefusedByName(_ command: String) throws {
    let fifo = fifo("db")
    for (database, kind) in [(fifo, "a named pipe (FIFO)"), ("/dev/zero", "a character device")] {
      let output = try cadence([command, "--db", database])
      #expect(output.status == 66, "\(command) \(database): \(output.standardError)")
      #expect(
        output.standardError
          == "\(database): is \(kind), not a database file; give --db the path of a regular file, such as cadence.db\n"
      )
    }
  }
}

extension BoundedInputTests {
  /// A pipe of NULs without a line break, read as the run's lines: before, the line grew
  /// without end (a gigabyte in three seconds); now each line is held to a bound. The peak is
  /// read twice, 1.5 s apart, once the reading has begun: a bounded reader has stopped
  /// growing. Under AddressSanitizer, whose quarantine of freed memory (256 MB by default)
  /// would grow with every line read and freed, the quarantine is kept to 8 MB.
  @Test func anEndlessLineOnStandardInputIsHeldToABound() throws {
    let output = try CadenceProcess.run(
      ["timer", "4s", "--plain", "--mute", "--no-notify", "--db", path("line.db")],
      environment: [
        "ASAN_OPTIONS": "quarantine_size_mb=8:"
          + (ProcessInfo.processInfo.environment["ASAN_OPTIONS"] ?? "")
      ],
      wrapper: [
        "/usr/bin/timeout", "60", "/bin/bash", "-c",
        "cat /dev/zero | \"$0\" \"$@\" & pid=$!; sleep 1.5; grep VmHWM /proc/$pid/status >&2;"
          + " sleep 1.5; grep VmHWM /proc/$pid/status >&2; wait $pid",
      ])
    #expect(output.status == 0, "\(output.standardError)")
    #expect(output.standardOutput.contains("Timer completed"), "\(output.standardOutput)")
    let peaks = output.standardError.split(separator: "\n").compactMap { line in
      line.split(separator: " ").compactMap { Int($0) }.first
    }
    #expect(peaks.count == 2, "\(output.standardError)")
    guard peaks.count == 2 else { return }
    #expect(peaks[1] < 1_000_000, "peak \(peaks[1]) kB")
    #expect(peaks[1] - peaks[0] < 64_000, "grew from \(peaks[0]) kB to \(peaks[1]) kB")
  }
}
