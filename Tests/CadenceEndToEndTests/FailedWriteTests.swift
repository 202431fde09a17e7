import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

/// Every write is checked: standard output on a full device (`/dev/full`), a file cut by a
/// file-size limit (`ulimit -f`) and an export on a full file system end with 74 and one
/// sentence naming the output; a reader that goes away stays quiet, as it always has.
@Suite(.serialized, .timeLimit(.minutes(10))) struct FailedWriteTests {
  static let folder = TemporaryFolder("writes").url
  static let database = folder.appendingPathComponent("cadence.db").path

  /// A database with `count` sessions, each with a note long enough to make a large export.
  static let environment: [String: String] = {
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    if let store = try? Store(path: database) {
      for index in 0..<400 {
        let start = Date(timeIntervalSince1970: 1_764_000_000 + Double(index) * 3600)
        _ = try? store.record(
          SessionRecord(
            uuid: "session-\(index)", kind: .routine, routine: "Gym circuit", task: "Essay",
            startedAt: start, endedAt: start.addingTimeInterval(1500),
            plannedMilliseconds: 1_500_000, activeMilliseconds: 1_500_000, outcome: .completed,
            note: String(repeating: "a long note ", count: 20)))
      }
    }
    return [
      "CADENCE_DB": database, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
      "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path, "CADENCE_ROUTINES": "",
    ]
  }()

  /// Runs cadence through bash, which first runs `setup` (a redirection, a limit).
  static func run(_ arguments: [String], _ setup: String) throws -> CadenceProcess.Output {
    try CadenceProcess.run(
      arguments, environment: environment,
      wrapper: ["/bin/bash", "-c", "\(setup)\nexec \"$0\" \"$@\""])
  }

  /// Expects a write failure told as one sentence naming `output` and `reason`, with 74.
  static func expectFailure(
    _ result: CadenceProcess.Output, output: String, reason: String, arguments: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      result.status == 74, "\(arguments): \(result.standardError)", sourceLocation: sourceLocation)
    #expect(
      result.standardError.hasPrefix("\(output): ") && result.standardError.contains(reason),
      "\(arguments): \(result.standardError)", sourceLocation: sourceLocation)
    RefusalForm.expect(
      result.standardError, status: result.status, arguments: arguments,
      sourceLocation: sourceLocation)
  }

  static let printing: [[String]] = [
    ["history"], ["history", "--json"], ["history", "--csv"], ["stats"],
    ["plan", "gym"], ["plan", "gym", "--ics"], ["plan", "gym", "--json"],
    ["plan", "gym", "--svg", "-"], ["simulate", "gym"], ["simulate", "gym", "--json"],
    ["show", "gym"], ["completions", "bash"], ["completions", "zsh"], ["completions", "fish"],
    ["list"], ["list", "--json"], ["list", "--names"], ["check", "gym"], ["types"],
    ["task", "list"], ["goal", "list"], ["today"], ["config", "list"], ["shop"],
    ["help", "plan"], ["plan", "--help"], ["--help"], ["--version"],
    // Says that no run is going, with status 1 when it is read.
    ["status"], ["status", "--json"],
  ]

  @Test(arguments: printing)
  func standardOutputOnAFullDeviceIs74(_ arguments: [String]) throws {
    let result = try Self.run(arguments, "exec >/dev/full")
    Self.expectFailure(
      result, output: "standard output", reason: "No space left on device",
      arguments: arguments)
  }

  /// Past the file-size limit the file is cut; that is an error, not a status of 0. (The
  /// database needs 64 KiB for its shared-memory file, so commands that read it get that.)
  @Test(arguments: [
    (["history", "--json"], 64), (["history", "--csv"], 64), (["plan", wide, "--svg", "-"], 64),
    (["plan", many, "--ics"], 64), (["plan", many, "--json"], 64), (["simulate", many], 64),
    (["completions", "bash"], 1), (["completions", "fish"], 1),
  ])
  func aFileCutByTheSizeLimitIs74(_ arguments: [String], kibibytes: Int) throws {
    let file = Self.folder.appendingPathComponent("cut-\(UUID().uuidString)").path
    let result = try Self.run(arguments, "ulimit -f \(kibibytes); exec >'\(file)'")
    Self.expectFailure(
      result, output: "standard output", reason: "File too large", arguments: arguments)
    let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
    #expect(size == kibibytes * 1024, "the output was \(size) bytes, not cut at the limit")
  }

  /// A routine of 2,000 steps, whose exports are far larger than a pipe holds.
  static let many: String = {
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("many.lua").path
    try? """
    local steps = {}
    for i = 1, 2000 do steps[#steps + 1] = { 'Step ' .. i, '1s' } end
    return { name = 'Many', steps = steps }
    """.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }()

  /// A routine of 500 steps with long names, each a pixel or more wide in the picture: the
  /// picture merges what is narrower than a pixel, so `many`'s would fit in a pipe, but this
  /// one's is some 200 KB.
  static let wide: String = {
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("wide.lua").path
    try? """
    local steps = {}
    for i = 1, 500 do steps[#steps + 1] = { 'Step ' .. i .. string.rep(' with a long name', 10), '1s' } end
    return { name = 'Wide', steps = steps }
    """.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }()

  /// Runs `arguments` into `| head -c1`, giving cadence's own status.
  static func intoHead(_ arguments: [String]) throws -> CadenceProcess.Output {
    try run(arguments, "\"$0\" \"$@\" | head -c1 >/dev/null; exit ${PIPESTATUS[0]}")
  }

  /// A reader that goes away (`| head -c1`) before a large output is written is no error:
  /// nothing is said, and the status is a SIGPIPE's, as before every write was checked.
  @Test(arguments: [
    ["history", "--json"], ["history", "--csv"], ["plan", wide, "--svg", "-"],
    ["plan", many, "--ics"], ["plan", many, "--json"], ["simulate", many],
  ])
  func aClosedPipeStaysQuiet(_ arguments: [String]) throws {
    let result = try Self.intoHead(arguments)
    #expect(result.status == 141, "\(arguments): \(result.standardError)")
    #expect(result.standardError.isEmpty, "\(arguments): \(result.standardError)")
  }

  /// A small output may be all written before the reader goes: 0 then, or 141, and quiet.
  @Test(arguments: [["show", "gym"], ["list", "--names"], ["plan", "gym"]])
  func aClosedPipeAfterASmallOutputStaysQuiet(_ arguments: [String]) throws {
    let result = try Self.intoHead(arguments)
    #expect([0, 141].contains(result.status), "\(arguments): \(result.standardError)")
    #expect(result.standardError.isEmpty, "\(arguments): \(result.standardError)")
  }

  /// An export on a real full file system (a small tmpfs, else /dev/full): 74, said with the
  /// file's path, and no half file left behind.
  @Test func anSVGOnAFullDiskIs74AndLeavesNothing() throws {
    let mount = Self.folder.appendingPathComponent("small")
    try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
    let mounted = try CadenceProcess.runTool(
      "/bin/mount", ["-t", "tmpfs", "-o", "size=16k", "tmpfs", mount.path])
    defer { _ = try? CadenceProcess.runTool("/bin/umount", [mount.path]) }
    let target = mounted.status == 0 ? mount.appendingPathComponent("plan.svg").path : "/dev/full"
    // The wide routine's picture (its merged bars' tooltips name every step) is far larger
    // than the file system; the many short steps' alone now fits in 16 KB.
    let arguments = ["plan", Self.wide, "--svg", target]
    let result = try CadenceProcess.run(arguments, environment: Self.environment)
    Self.expectFailure(
      result, output: target, reason: "No space left on device", arguments: arguments)
    if mounted.status == 0 {
      #expect(try FileManager.default.contentsOfDirectory(atPath: mount.path).isEmpty)
      // Standard output redirected to a file there: the export is cut, and that is said.
      let backup = mount.appendingPathComponent("backup.json").path
      let export = ["history", "--json"]
      let cut = try Self.run(export, "exec >'\(backup)'")
      Self.expectFailure(
        cut, output: "standard output", reason: "No space left on device", arguments: export)
    }
  }

  /// A file already there is left as it was when the new one cannot be written whole.
  @Test func anSVGCutByTheSizeLimitLeavesTheOldFile() throws {
    let target = Self.folder.appendingPathComponent("kept.svg").path
    try "old picture\n".write(toFile: target, atomically: true, encoding: .utf8)
    let arguments = ["plan", "gym", "--svg", target]
    let result = try Self.run(arguments, "ulimit -f 1")
    Self.expectFailure(result, output: target, reason: "File too large", arguments: arguments)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "old picture\n")
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
    #expect(!names.contains { $0.hasPrefix(".cadence-write") }, "\(names)")
  }

  /// The same export written whole replaces the file, as it always did.
  @Test func anSVGThatFitsIsWritten() throws {
    let target = Self.folder.appendingPathComponent("fits.svg").path
    let result = try CadenceProcess.run(
      ["plan", "gym", "--svg", target], environment: Self.environment)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try String(contentsOfFile: target, encoding: .utf8).hasSuffix("</svg>\n"))
  }

  /// The trust list on a full disk: 74, said with its path, and nothing trusted.
  @Test func theTrustListOnAFullDiskIs74() throws {
    let mount = Self.folder.appendingPathComponent("full-config")
    try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
    let mounted = try CadenceProcess.runTool(
      "/bin/mount", ["-t", "tmpfs", "-o", "size=16k", "tmpfs", mount.path])
    try #require(mounted.status == 0, "a tmpfs cannot be mounted here: \(mounted.standardError)")
    defer { _ = try? CadenceProcess.runTool("/bin/umount", [mount.path]) }
    try FileManager.default.createDirectory(
      at: mount.appendingPathComponent("cadence"), withIntermediateDirectories: true)
    _ = try CadenceProcess.runTool(
      "/bin/dd", ["if=/dev/zero", "of=\(mount.path)/filler", "bs=1k", "count=64"])
    let routine = try CadenceProcess.temporaryFile(
      "mine.lua", "return { name = 'Mine', steps = { { 'Go', '1m' } } }\n")
    var environment = Self.environment
    environment["XDG_CONFIG_HOME"] = mount.path
    let arguments = ["trust", routine]
    let result = try CadenceProcess.run(arguments, environment: environment)
    let list = mount.appendingPathComponent("cadence/trusted").path
    Self.expectFailure(
      result, output: list, reason: "No space left on device", arguments: arguments)
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: mount.appendingPathComponent("cadence").path
      )
      .isEmpty)
  }

  /// A routine added past the file-size limit: 74, and not half of it in the library.
  @Test func aRoutineAddedPastTheSizeLimitIs74AndNotAdded() throws {
    let library = Self.folder.appendingPathComponent("library-\(UUID().uuidString)")
    let routine = try CadenceProcess.temporaryFile(
      "padded.lua",
      String(repeating: "-- a comment to pass the limit\n", count: 100)
        + "return { name = 'Padded', steps = { { 'Go', '1m' } } }\n")
    var environment = Self.environment
    environment["CADENCE_ROUTINES"] = library.path
    let arguments = ["add", routine]
    let result = try CadenceProcess.run(
      arguments, environment: environment,
      wrapper: ["/bin/bash", "-c", "ulimit -f 1\nexec \"$0\" \"$@\""])
    let destination = library.appendingPathComponent("padded.lua").path
    Self.expectFailure(
      result, output: destination, reason: "File too large", arguments: arguments)
    #expect(try FileManager.default.contentsOfDirectory(atPath: library.path).isEmpty)
  }
}
