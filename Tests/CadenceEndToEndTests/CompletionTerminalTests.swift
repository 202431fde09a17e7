import Foundation
import Testing

/// Completion in a real interactive bash and zsh on a terminal: a prefix is typed, then TAB,
/// then the line is run with `printf` in front of it, so the words the shell then reads are
/// exactly the names offered, and no name has run as code.
@Suite struct CompletionTerminalTests {
  typealias Fixture = HostileCompletionFixture

  /// Typed after `cadence ` before TAB (a prefix that finds one name), and the words after
  /// `cadence` that the line then holds.
  static let cases: [(typed: String, words: [String])] = [
    ("run \\$\\(", ["run", "$(touch pwned-r1)"]),
    ("run \\`", ["run", "`touch pwned-r2`"]),
    ("run \\$H", ["run", "$HOME"]),
    ("run \\~", ["run", "~tilde"]),
    ("run \\*", ["run", "*star"]),
    ("run \\?", ["run", "?x"]),
    ("run \\[", ["run", "[a]"]),
    ("run sp", ["run", "sp ace"]),
    ("run it", ["run", "it's"]),
    ("run say", ["run", "say \"hi\""]),
    ("run ba", ["run", "back\\slash"]),
    ("run sem", ["run", "semi;colon"]),
    ("run 'sp", ["run", "sp ace"]),
    ("run \"\\$(", ["run", "$(touch pwned-r1)"]),
    ("run --task \\$", ["run", "--task", "$(touch pwned-t1)"]),
    ("task edit it", ["task", "edit", "it's \"${HOME}\" [a]"]),
    ("task add x --goal \\$", ["task", "add", "x", "--goal", "$(touch pwned-g1)"]),
    // Subcommands, their options and values, from the commands' declarations.
    ("task do", ["task", "done"]),
    ("task done \\$", ["task", "done", "$(touch pwned-t1)"]),
    ("task list --al", ["task", "list", "--all"]),
    ("config set dn", ["config", "set", "dnd"]),
    ("config set dnd gn", ["config", "set", "dnd", "gnome"]),
    ("shop buy volc", ["shop", "buy", "volcano"]),
    ("focus \\`", ["focus", "`touch pwned-t2` *"]),
    ("timer --task it", ["timer", "--task", "it's \"${HOME}\" [a]"]),
    ("goal edit De", ["goal", "edit", "Deg ree ~ ?"]),
    ("history imp", ["history", "import"]),
    ("task add x --prio", ["task", "add", "x", "--priority"]),
    // A command's subcommands after help, from the lister.
    ("help task ed", ["help", "task", "edit"]),
    ("help config un", ["help", "config", "unset"]),
  ]

  /// Types every case into `shell`, started by `command` (which shows `READY>` when it is
  /// ready), and gives the words of each line as the shell ran it.
  static func lines(_ command: String, fixture: Fixture) throws -> [[String]] {
    let tmux = Tmux()
    defer { tmux.stop() }
    try tmux.start("complete", command, columns: 200, rows: 50)
    try tmux.wait("complete") { $0.contains("READY>") }
    let out = fixture.root.appendingPathComponent("lines").path
    for (index, item) in cases.enumerated() {
      try tmux.keys("complete", ["-l", "cadence \(item.typed)"])
      try tmux.keys("complete", ["Tab"])
      try tmux.keys("complete", ["C-a"])
      try tmux.keys("complete", ["-l", "printf '%s\\0' >>\(out) "])
      try tmux.keys("complete", ["C-e"])
      try tmux.keys("complete", ["-l", "; echo >>\(out)"])
      try tmux.keys("complete", ["Enter"])
      // One line at a time: the next is typed once this one has run.
      let deadline = Date().addingTimeInterval(20)
      while Date() < deadline, Self.read(out).count <= index { usleep(20_000) }
    }
    let lines = Self.read(out)
    if lines.count < cases.count {
      Issue.record("only \(lines.count) lines ran; the screen:\n\(try tmux.screen("complete"))")
    }
    return lines
  }

  static func read(_ path: String) -> [[String]] {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map {
      $0.split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
  }

  static func expectEveryCase(_ lines: [[String]], fixture: Fixture) {
    for (index, item) in cases.enumerated() where index < lines.count {
      #expect(lines[index] == ["cadence"] + item.words, "after typing \(item.typed)")
    }
    #expect(fixture.pwned.isEmpty, "a name ran: \(fixture.pwned)")
  }

  @Test func bashInsertsEachNameAsItIs() throws {
    let fixture = try Fixture()
    let rc = fixture.root.appendingPathComponent("bashrc")
    try """
    PS1='READY> '
    HISTFILE=
    source \(Fixture.quoted(fixture.script("bash").path))
    """.write(to: rc, atomically: true, encoding: .utf8)
    let lines = try Self.lines(
      "cd \(Fixture.quoted(fixture.folder.path)) && env \(fixture.envWords) bash --noprofile --rcfile \(Fixture.quoted(rc.path)) -i",
      fixture: fixture)
    Self.expectEveryCase(lines, fixture: fixture)
  }

  @Test func zshInsertsEachNameAsItIs() throws {
    let fixture = try Fixture()
    let home = fixture.root.appendingPathComponent("zdot")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    try """
    PS1='READY> '
    autoload -U compinit && compinit -u -D
    source \(Fixture.quoted(fixture.script("zsh").path))
    """.write(to: home.appendingPathComponent(".zshrc"), atomically: true, encoding: .utf8)
    let lines = try Self.lines(
      "cd \(Fixture.quoted(fixture.folder.path)) && env ZDOTDIR=\(Fixture.quoted(home.path)) \(fixture.envWords) zsh -i",
      fixture: fixture)
    Self.expectEveryCase(lines, fixture: fixture)
  }
}
