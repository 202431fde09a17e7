import Foundation
import Testing

/// The hostile corpus (Hostile/*.lua): files a stranger could share, one per kind of attack,
/// each run through the real `cadence check`. Each must be refused (exit 65, naming the file)
/// or survived (exit 0) as its entry says, in under 3 seconds, with the process's peak memory
/// under 600 MB. The files run one at a time, so that their timings do not add up.
@Suite(.serialized, .timeLimit(.minutes(10))) struct HostileCorpusTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Hostile")

  /// Messages that say a limit stopped the script: the sandbox's budget and time allowance,
  /// or the deadline that Cadence holds over the Lua worker. Files that make large strings may
  /// run out of memory first when the collector lags, as under AddressSanitizer.
  static let stopped = ["ran past"]
  static let memory = ["memory allowance", "ran past"]

  /// Each file, the exit status `check` must give, and what its error must contain (one of).
  static let corpus: [(file: String, status: Int32, saying: [String])] = [
    // C functions the instruction count cannot see: Lua's own error where Lua raises one before
    // the work, else the budget, charged as the work is done.
    ("rep-huge.lua", 65, ["rep-huge.lua:2: resulting string too large"]),
    ("rep-empty.lua", 0, []),
    ("move-huge.lua", 65, ["move-huge.lua:2: the script ran past"]),
    ("sort-millions.lua", 65, ["sort-millions.lua:5: the script ran past"]),
    ("unpack-huge.lua", 65, ["unpack-huge.lua:2: too many results to unpack"]),
    (
      "load-endless-comment.lua", 65,
      ["load-endless-comment.lua:4: the reader function gave load"] + stopped
    ),
    ("concat-index.lua", 65, stopped),
    ("concat-cfunction.lua", 65, memory),
    ("balance-long.lua", 65, stopped),
    ("set-million.lua", 65, stopped),
    ("greedy-backtrack.lua", 65, stopped),
    ("upper-50mb.lua", 65, memory),
    ("insert-front.lua", 65, stopped),
    ("gsub-template.lua", 65, memory),
    ("many-small-finds.lua", 65, stopped),
    ("concat-doubling-time.lua", 65, memory),
    // A tripped coroutine loses its budget; the interpreter itself can crash.
    ("coroutine-trip-close.lua", 65, stopped),
    (
      "close-chain.lua", 65,
      [
        "close-chain.lua:8: coroutines resumed or closed inside one another nest deeper than 150 levels"
      ] + stopped
    ),
    ("wrap-chain.lua", 65, ["nest deeper than 150 levels"]),
    // Memory.
    ("memory-rep.lua", 65, memory),
    ("memory-doubling.lua", 65, memory),
    ("memory-table.lua", 65, memory),
    ("memory-pcall.lua", 65, memory),
    ("memory-shared-string.lua", 65, ["more than 8 MB", "larger than 8 MB"]),
    ("error-huge.lua", 65, ["error-huge.lua:2: xxxx"] + memory),
    // Loops, recursion and handlers.
    ("endless-loop.lua", 65, stopped),
    ("pcall-swallow.lua", 65, stopped),
    ("xpcall-handler.lua", 65, stopped),
    ("deep-recursion.lua", 65, ["stack overflow"] + stopped),
    ("format-width.lua", 65, ["format-width.lua:2: invalid conversion"]),
    // Terminal injection and the pattern matcher.
    ("terminal-injection.lua", 0, []),
    ("pattern-differences.lua", 0, []),
  ]

  @Test func everyFileHasAnExpectedOutcome() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
      .filter { $0.hasSuffix(".lua") }
    #expect(Set(files) == Set(Self.corpus.map(\.file)))
  }

  @Test(arguments: corpus)
  func refusedOrSurvivedQuickly(file: String, status: Int32, saying: [String]) throws {
    let path = Self.directory.appendingPathComponent(file).path
    let run = try CadenceProcess.measure(["check", path])
    #expect(run.signal == nil, "\(file) ended with signal \(run.signal ?? 0)")
    #expect(run.status == status, "\(file): \(run.standardError)")
    #expect(run.seconds < 3, "\(file) took \(run.seconds) s")
    // Under AddressSanitizer (scripts/test sets ASAN_OPTIONS) the binary's memory is the
    // sanitizer's shadow and quarantine as much as Cadence's own: only a plain build is weighed.
    if ProcessInfo.processInfo.environment["ASAN_OPTIONS"] == nil {
      #expect(run.peakMegabytes < 600, "\(file) peaked at \(run.peakMegabytes) MB")
    }
    let output = run.standardOutput + run.standardError
    #expect(!output.contains("\u{1B}") && !output.contains("\u{07}"), "\(file) printed a control")
    if status == 0 { return }
    #expect(run.standardError.contains(file), "\(file): \(run.standardError)")
    #expect(saying.contains { run.standardError.contains($0) }, "\(file): \(run.standardError)")
    #expect(
      run.standardError.utf8.count < 4096, "\(file) printed \(run.standardError.utf8.count) bytes")
  }
}
