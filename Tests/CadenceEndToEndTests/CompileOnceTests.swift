import CadenceTestSupport
import Foundation
import Testing

/// A routine run in the background is compiled once, by the process that starts it, and
/// handed to the background process with the text its hooks need: that process never
/// compiles it again, and starts no Lua worker for a routine without hooks. A debug build
/// counts each compilation in the file CADENCE_TEST_COMPILATIONS names.
@Suite(.serialized, .timeLimit(.minutes(10))) struct CompileOnceTests {
  var fixture: KilledRunFixture = {
    var fixture = KilledRunFixture()
    fixture.extra["XDG_CONFIG_HOME"] = fixture.folder.appendingPathComponent("config").path
    fixture.extra["CADENCE_TEST_COMPILATIONS"] =
      fixture.folder.appendingPathComponent("compilations").path
    return fixture
  }()

  var compilations: [String] {
    let text =
      (try? String(
        contentsOf: fixture.folder.appendingPathComponent("compilations"), encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(String.init)
  }

  func routine(_ name: String, hooked: Bool) throws -> String {
    try FileManager.default.createDirectory(at: fixture.folder, withIntermediateDirectories: true)
    let path = fixture.folder.appendingPathComponent("\(name).lua").path
    let mark = fixture.folder.appendingPathComponent("\(name).hooked").path
    let hook =
      hooked
      ? """
      on_start = function(ctx)
        return { actions = { { run = { "/bin/sh", "-c", "echo hooked > '\(mark)'" } } } }
      end,
      """ : ""
    try """
    return {
      name = "\(name)",
      steps = { { "One", "1h" }, { "Two", "1h", kind = "pause" } },
      \(hook)
    }
    """.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// The processes whose parent is `pid`.
  func children(of pid: Int32) -> [String] {
    let listed =
      (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
    return listed.split(separator: " ").map(String.init)
  }

  @Test func aDetachedRoutineIsCompiledOnceAndItsHooksRunInTheBackground() throws {
    let path = try routine("Hooked", hooked: true)
    _ = try fixture.succeed(["trust", path])
    let started = try fixture.succeed(["run", path, "--detach", "--mute", "--no-notify"])
    #expect(started.standardOutput.hasPrefix("Started in the background: run "))
    // The hook ran in the background process, from the routine handed to it, and its action
    // ran as the routine is trusted (its text and place handed over too).
    let mark = fixture.folder.appendingPathComponent("Hooked.hooked").path
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline, !FileManager.default.fileExists(atPath: mark) { usleep(20_000) }
    #expect(FileManager.default.fileExists(atPath: mark))
    let pid = try #require((try fixture.status()?["pid"] as? Int).map { Int32($0) })
    // Its hooks' worker is the one child it has.
    #expect(children(of: pid).count == 1)
    #expect(compilations == [path])
    // Killed and resumed: compiled once more, by resume, and not in its background process.
    try fixture.kill()
    _ = try fixture.succeed(["resume", "--detach", "--mute", "--no-notify"])
    let resumed = try #require(try fixture.status())
    #expect(resumed["routine"] as? String == "Hooked")
    #expect(resumed["segment"] as? String == "One")
    #expect(compilations == [path, path])
    _ = try fixture.succeed(["stop"])
  }

  @Test func aRoutineWithoutHooksStartsNoWorkerInTheBackground() throws {
    let path = try routine("Plain", hooked: false)
    _ = try fixture.succeed(["run", path, "--detach", "--mute", "--no-notify"])
    let pid = try #require((try fixture.status()?["pid"] as? Int).map { Int32($0) })
    #expect(children(of: pid).isEmpty)
    #expect(compilations == [path])
    _ = try fixture.succeed(["stop"])
    #expect(fixture.sessions(waitingFor: 1).first?.outcome == .stopped)
  }
}
