import CadenceStore
import Foundation
import Testing

/// Seed 003's note on a task's session, where it used to be lost: a mandatory break that ends
/// in the background owes it, and the next interactive focus, attach or today asks once; a
/// note given to the focus is kept when the break is stopped; `cadence note` adds or changes
/// one afterwards, and history shows it.
@Suite(.serialized, .timeLimit(.minutes(10))) struct SessionNoteTests {
  let fixture = KilledRunFixture()

  var folder: URL { fixture.folder }
  var database: String { fixture.database }
  var runtime: String { fixture.runtime }
  var environment: [String: String] { fixture.environment }

  func cadence(_ arguments: [String]) throws -> CadenceProcess.Output {
    try fixture.cadence(arguments)
  }

  /// The command line for a tmux pane, with this test's database and runtime folder.
  func pane(_ arguments: String) -> String {
    "CADENCE_DB=\(database) XDG_RUNTIME_DIR=\(runtime) \(CadenceProcess.binary.path) \(arguments); echo EXIT=$?; sleep 60"
  }

  func sessions(waitingFor count: Int) -> [SessionRecord] {
    fixture.sessions(waitingFor: count)
  }

  func path() throws -> String? {
    let output = try cadence(["status", "--json"])
    let runs =
      (try? JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)))
      as? [[String: Any]]
    return runs?.first?["path"] as? String
  }

  /// Once the task's focus (shortened from another process) has ended and its mandatory break
  /// counts, stops the break from another process. `stop` answers once the break is recorded,
  /// and with it a note given to the focus; the session is then finished (a note owed, focus
  /// offered again) by the background process, which is waited for.
  func stopTheBreakOnceItCounts(recorded: Int) throws -> [SessionRecord] {
    #expect(try cadence(["adjust", "-58s"]).status == 0)
    let deadline = Date().addingTimeInterval(15)
    while Date() < deadline, try path() != "cadence:break" { usleep(50_000) }
    let run = try #require(try fixture.status())
    #expect(run["path"] as? String == "cadence:break")
    let pid = try #require(run["pid"] as? Int)
    #expect(try cadence(["stop"]).status == 0)
    let stopped = try Store(path: database, readOnly: true).sessions()
    #expect(stopped.count == recorded)
    #expect(fixture.gone(Int32(pid)))
    return stopped
  }

  /// A detached focus on Essay whose mandatory break is stopped in the background.
  func focusInTheBackground(note: String? = nil) throws -> SessionRecord? {
    #expect(try cadence(["task", "add", "Essay"]).status == 0)
    var arguments = ["focus", "Essay", "--length", "1m", "--detach", "--mute", "--no-notify"]
    if let note { arguments += ["--note", note] }
    let started = try cadence(arguments)
    #expect(started.status == 0, "\(started.standardError)")
    let recorded = try stopTheBreakOnceItCounts(recorded: 2)
    #expect(recorded.map(\.kind) == [.focus, .break])
    #expect(recorded.last?.outcome == .stopped)
    return recorded.first
  }

  func focusNote() throws -> String? {
    try Store(path: database, readOnly: true).sessions().first { $0.kind == .focus }?.note
  }

  @Test func aNoteGivenToTheFocusIsKeptWhenItsBreakIsStopped() throws {
    let focus = try focusInTheBackground(note: "Outline done")
    #expect(focus?.note == "Outline done")
    let history = try cadence(["history"])
    #expect(history.standardOutput.contains("Outline done"))
    // The session is finished: focus is on offer again, and no note is owed.
    #expect(try cadence(["focus", "--next"]).standardOutput == "focus 1m\n")
    #expect(try Store(path: database, readOnly: true).owedNote() == nil)
  }

  /// The three commands that ask, each on a real terminal: the note typed is saved on the
  /// task's focus session, and the next time nothing is asked.
  @Test(arguments: ["today", "focus", "attach"])
  func aBreakThatEndedInTheBackgroundAsksForTheNoteOnceAtTheNext(command: String) throws {
    let focus = try focusInTheBackground()
    #expect(focus?.note == nil)
    // The break is recorded, then the note owed: two writes, waited for together.
    let owed = Date().addingTimeInterval(10)
    while try Store(path: database, readOnly: true).owedNote() == nil, Date() < owed {
      usleep(50_000)
    }
    #expect(try Store(path: database, readOnly: true).owedNote()?.uuid == focus?.uuid)
    // Not asked where nobody can answer: piped, the commands go on as before.
    #expect(!(try cadence(["today"]).standardOutput.contains("Note (Enter skips)")))
    if command == "attach" {
      #expect(
        try cadence(["timer", "5m", "--detach", "--mute", "--no-notify"]).status == 0)
    }
    let tmux = Tmux()
    defer { tmux.stop() }
    try tmux.start("ask", pane(command == "focus" ? "focus --mute --no-notify" : command))
    let asked = try tmux.wait("ask") { $0.contains("Note (Enter skips):") }
    #expect(asked.contains("The focus on Essay of "))
    #expect(asked.contains("has no note"))
    try tmux.keys("ask", ["-l", "Two pages"])
    try tmux.keys("ask", ["Enter"])
    // The note is saved, then the owed note cleared: two writes, waited for together.
    let saved = Date().addingTimeInterval(10)
    while try focusNote() != "Two pages" || Store(path: database, readOnly: true).owedNote() != nil,
      Date() < saved
    {
      usleep(50_000)
    }
    #expect(try focusNote() == "Two pages")
    #expect(try Store(path: database, readOnly: true).owedNote() == nil)
    if command == "attach" { _ = try cadence(["stop"]) }
    if command == "focus" { try tmux.keys("ask", ["q"]) }
    try tmux.wait("ask") { $0.contains("EXIT=") }
    // Once: the next one asks nothing.
    try tmux.start("again", pane("today"))
    let again = try tmux.wait("again") { $0.contains("EXIT=") }
    #expect(!again.contains("Note (Enter skips)"))
  }

  @Test func enterAloneSkipsTheNoteAndItIsNotAskedAgain() throws {
    _ = try focusInTheBackground()
    let tmux = Tmux()
    defer { tmux.stop() }
    try tmux.start("skip", pane("today"))
    try tmux.wait("skip") { $0.contains("Note (Enter skips):") }
    try tmux.keys("skip", ["Enter"])
    let skipped = try tmux.wait("skip") { $0.contains("EXIT=0") }
    #expect(skipped.contains("No note; cadence note adds one later."))
    #expect(try focusNote() == nil)
    #expect(try Store(path: database, readOnly: true).owedNote() == nil)
  }

  /// Starts `arguments` (a focus on the task Essay, which it adds) in tmux's window "view",
  /// starts the countdown, and once it counts, shortens it from another process to end soon.
  func focusInTheView(_ tmux: Tmux, _ arguments: String) throws {
    #expect(try cadence(["task", "add", "Essay"]).status == 0)
    try tmux.start("view", pane(arguments))
    try tmux.wait("view") { $0.contains("Enter start") }
    try tmux.keys("view", ["Enter"])
    let deadline = Date().addingTimeInterval(15)
    while Date() < deadline, try path() != "cadence:focus" { usleep(50_000) }
    #expect(try cadence(["adjust", "-58s"]).status == 0)
  }

  /// A focus in the full-screen view whose terminal is closed during the mandatory break: the
  /// break counts on with nobody watching, and once it ends the note is owed.
  @Test func aBreakWhoseTerminalWasClosedOwesItsNote() throws {
    let tmux = Tmux()
    defer { tmux.stop() }
    try focusInTheView(tmux, "focus Essay --length 1m --mute --no-notify")
    let deadline = Date().addingTimeInterval(15)
    try tmux.wait("view") { $0.contains("mandatory") }
    // The terminal goes away while the break counts.
    try tmux.run(["kill-session", "-t", "view"])
    while Date() < deadline, try path() != "cadence:break" { usleep(50_000) }
    #expect(try cadence(["stop"]).status == 0)
    let recorded = sessions(waitingFor: 2)
    #expect(recorded.map(\.kind) == [.focus, .break])
    let owedDeadline = Date().addingTimeInterval(10)
    var owed: SessionRecord?
    while owed == nil, Date() < owedDeadline {
      owed = try Store(path: database, readOnly: true).owedNote()
      usleep(50_000)
    }
    #expect(owed?.uuid == recorded.first?.uuid)
  }

  /// The note given with `--note` is saved as the break is recorded, and offered again at the
  /// break's end in the view: emptied there, the session keeps no note, as before it was saved
  /// early.
  @Test func aGivenNoteEmptiedInTheViewIsTakenAway() throws {
    let tmux = Tmux()
    defer { tmux.stop() }
    try focusInTheView(tmux, "focus Essay --length 1m --note Hi --mute --no-notify")
    let deadline = Date().addingTimeInterval(15)
    while Date() < deadline, try path() != "cadence:break" { usleep(50_000) }
    #expect(try cadence(["stop"]).status == 0)
    try tmux.wait("view") { $0.contains("Note: Hi") }
    #expect(try focusNote() == "Hi")
    try tmux.keys("view", ["BSpace", "BSpace", "Enter"])
    let cleared = Date().addingTimeInterval(10)
    while try focusNote() != nil, Date() < cleared { usleep(50_000) }
    #expect(try focusNote() == nil)
    try tmux.keys("view", ["q"])
    try tmux.wait("view") { $0.contains("EXIT=") }
  }

  @Test func theNoteCommandAddsAndChangesANoteThatHistoryShows() throws {
    // No session yet: nothing to note.
    let none = try cadence(["note", "Too soon"])
    #expect(none.status == 69)
    #expect(none.standardError.contains("no finished session to note yet"))
    let focus = try focusInTheBackground()
    // Without a session named, a task's break stands for its focus, whose note it is.
    let added = try cadence(["note", "Two pages"])
    #expect(added.status == 0, "\(added.standardError)")
    #expect(added.standardOutput.hasPrefix("Noted the focus on Essay of "))
    #expect(try focusNote() == "Two pages")
    // By the id history --json shows, whole or its start; history shows the change.
    let history = try cadence(["history", "--json"])
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(history.standardOutput.utf8)) as? [[String: Any]])
    let id = try #require(rows.first { $0["kind"] as? String == "focus" }?["id"] as? String)
    #expect(id == focus?.uuid)
    #expect(try cadence(["note", id, "Three pages"]).status == 0)
    #expect(try cadence(["history"]).standardOutput.contains("Three pages"))
    #expect(try cadence(["note", String(id.prefix(8)), "Four pages"]).status == 0)
    #expect(try focusNote() == "Four pages")
    let unknown = try cadence(["note", "ffffffff-0000", "Lost"])
    #expect(unknown.status == 65)
    #expect(unknown.standardError.contains("no session with the id \"ffffffff-0000\""))
    let long = try cadence(["note", id, String(repeating: "x", count: 501)])
    #expect(long.status == 64)
    // Help and completion know the command.
    #expect(try cadence(["help", "note"]).standardOutput.contains("cadence note"))
    #expect(try cadence(["completions", "bash"]).standardOutput.contains("note"))
  }
}
