import Foundation
import Testing

/// The desktop notification harness itself, with the real `notify-send` against the real
/// dunst: what later tests read (shown notifications, urgency, replacement, history, actions)
/// is what dunst did.
@Suite(.timeLimit(.minutes(10))) struct NotificationDesktopTests {
  @Test func dunstShowsReplacesAndRecordsUrgency() throws {
    let desktop = try NotificationDesktop()
    defer { desktop.stop() }
    let first = desktop.notifySend(["-p", "-u", "low", "--", "Cadence", "a <b> & 'c'"])
    #expect(first.status == 0, "\(first.output)")
    let id = try #require(Int(first.output.trimmingCharacters(in: .whitespacesAndNewlines)))
    let replaced = desktop.notifySend(["-r", "\(id)", "-u", "critical", "--", "Break over", "Go"])
    #expect(replaced.status == 0, "\(replaced.output)")
    let shown = desktop.shown { $0.count == 2 }
    #expect(shown.map(\.id) == [id, id])
    #expect(shown.map(\.urgency) == ["LOW", "CRITICAL"])
    #expect(shown.last?.summary == "Break over")
    #expect(shown.first?.body == "a <b> & 'c'")
    #expect(try desktop.displayed() == 1)
    desktop.closeAll()
    #expect(try desktop.history().map(\.id) == [id])
    #expect(try desktop.history().first?.summary == "Break over")
  }

  @Test func anActionChosenFromTheMenuReachesTheWaitingSender() throws {
    let desktop = try NotificationDesktop()
    defer { desktop.stop() }
    let answer = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var printed = ""
    Thread.detachNewThread {
      printed =
        desktop.notifySend([
          "-p", "--action=skip=Skip break", "--action=more=+5 min", "--", "Break", "Rest",
        ]).output
      answer.signal()
    }
    let id = try #require(desktop.shown { !$0.isEmpty }.first?.id)
    let menu = try desktop.invoke("more", on: id)
    #expect(menu.contains { $0.hasPrefix("#+5 min") && $0.hasSuffix("[\(id),more]") }, "\(menu)")
    #expect(answer.wait(timeout: .now() + 20) == .success)
    #expect(printed.split(separator: "\n").map(String.init) == ["\(id)", "more"])
  }

  @Test func twoDesktopsAreApart() throws {
    let one = try NotificationDesktop()
    let two = try NotificationDesktop()
    defer {
      one.stop()
      two.stop()
    }
    #expect(one.environment != two.environment)
    _ = one.notifySend(["--", "One", "only here"])
    one.shown { $0.count == 1 }
    #expect(try two.displayed() == 0)
    #expect(two.shown().isEmpty)
  }
}
