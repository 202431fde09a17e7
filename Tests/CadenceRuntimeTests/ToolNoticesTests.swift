import CadenceTestSupport
import Foundation
import Testing

@testable import CadenceRuntime

/// A missing sound player or `notify-send` is mentioned once in a process, however many
/// countdowns it runs (a focus on a task is two: the focus and its mandatory break).
@Suite struct ToolNoticesTests {
  @Test func eachMissingToolIsMentionedOnceInAProcess() throws {
    let cache = TemporaryFolder("notices").path
    let environment = ["PATH": "/nonexistent", "XDG_CACHE_HOME": cache]
    let notices = ToolNotices()
    var said: [String] = []
    for _ in 0..<2 {
      _ = SoundPlayer(
        volume: 70, customSound: nil, muted: false, environment: environment, bell: nil,
        notices: notices
      ) { said.append($0) }
      _ = DesktopNotifier(enabled: true, environment: environment, notices: notices) {
        said.append($0)
      }
    }
    #expect(said.count == 2, "\(said)")
    #expect(said.contains { $0.hasPrefix("No sound player found") })
    #expect(said.contains { $0.hasPrefix("notify-send is not installed") })
  }
}
