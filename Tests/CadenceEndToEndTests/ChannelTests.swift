import CadenceTestSupport
import Foundation
import Testing

/// The sound and notification channels, through stand-in players that record how they were
/// called (the bing itself: BingTests).
@Suite(.timeLimit(.minutes(10))) struct ChannelTests {
  /// A folder with `aplay` and `notify-send` scripts that append their arguments to a log.
  func fakeTools() throws -> (directory: URL, log: URL) {
    let directory = try TemporaryFolder("tools").created().url
    let log = directory.appendingPathComponent("calls.log")
    for tool in ["aplay", "notify-send"] {
      let script = "#!/bin/sh\necho \"\(tool) $*\" >> \(log.path)\n"
      let url = directory.appendingPathComponent(tool)
      try ExecutableScript.write(script, to: url.path)
    }
    return (directory, log)
  }

  @Test func milestonesSoundAndNotifyPausesSound() throws {
    let tools = try fakeTools()
    let cache = tools.directory.appendingPathComponent("cache")
    let path = try CadenceProcess.temporaryFile(
      "channels.lua",
      """
      return {
        name = "Channels",
        steps = { { "Go", "400ms" }, { "Rest", "400ms", kind = "pause" } },
        milestones = { 0.5 },
        on_quarter = function(ctx) return { message = "Half!", title = "Cadence says", urgency = "critical" } end,
      }
      """)
    let output = try CadenceProcess.run(
      ["run", path, "--plain", "--volume", "40"],
      environment: ["PATH": tools.directory.path + ":/usr/bin:/bin", "XDG_CACHE_HOME": cache.path])
    #expect(output.status == 0, "\(output.standardError)")
    let bing = cache.appendingPathComponent("cadence/bing-40.wav").path
    // The players are not waited for: the last may log after the run has ended.
    func logged() throws -> [String] {
      try String(contentsOf: tools.log, encoding: .utf8).split(separator: "\n").map(String.init)
    }
    let deadline = Date().addingTimeInterval(10)
    while try logged().filter({ $0 == "aplay -q \(bing)" }).count < 4, Date() < deadline {
      usleep(50_000)
    }
    usleep(300_000)
    let calls = try logged()
    #expect(FileManager.default.fileExists(atPath: bing))
    #expect(calls.filter { $0 == "aplay -q \(bing)" }.count == 4)
    #expect(
      calls.contains(
        "notify-send --print-id --app-name=Cadence --urgency=critical -- Cadence says Half!"))
    #expect(
      calls.contains {
        $0.hasPrefix(
          "notify-send --print-id --app-name=Cadence --urgency=normal -- Cadence · Channels ")
      })
    #expect(!output.standardError.contains("No sound player"))
  }

  @Test func muteAndNoNotifyKeepEverythingQuiet() throws {
    let tools = try fakeTools()
    let path = try CadenceProcess.temporaryFile(
      "quiet.lua", "return { steps = { { 'Go', '200ms' } } }\n")
    let output = try CadenceProcess.run(
      ["run", path, "--plain", "--mute", "--no-notify"],
      environment: ["PATH": tools.directory.path + ":/usr/bin:/bin"])
    #expect(output.status == 0)
    usleep(200_000)
    #expect(!FileManager.default.fileExists(atPath: tools.log.path))
  }
}
