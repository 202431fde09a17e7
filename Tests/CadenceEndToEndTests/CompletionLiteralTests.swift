import Foundation
import Testing

/// Every candidate of every completion (routines from a cloned library folder, tasks, goals,
/// shop items, settings and their values) is offered literally in bash and fish, called as the
/// shell calls them: names with `$(...)`, backquotes, `$VAR`, `~`, globs, spaces, quotes and
/// backslashes come back as they are and run nothing; a name with a line break or a tab is
/// left out, and never becomes another candidate.
@Suite struct CompletionLiteralTests {
  typealias Fixture = HostileCompletionFixture

  /// What bash's completion function offers for the last of `words`, each entry of COMPREPLY
  /// read back as the command line reads it once inserted (after `opening`, the quote the word
  /// being completed opens, which readline closes).
  static func bashOffers(_ words: [String], opening: String = "", in fixture: Fixture) throws
    -> [String]
  {
    let script = """
      source \(Fixture.quoted(fixture.script("bash").path)) || exit 1
      COMP_WORDS=(\(words.map(Fixture.quoted).joined(separator: " "))); COMP_CWORD=\(words.count - 1)
      COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
      _cadence_complete || exit 1
      q=\(Fixture.quoted(opening))
      for entry in "${COMPREPLY[@]}"; do eval "printf '%s\\0' $q$entry$q"; done
      """
    let result = try fixture.shell(["bash", "--norc", "--noprofile", "-c", script])
    #expect(result.status == 0, "\(words): \(result.error)")
    #expect(result.error.isEmpty, "\(words): \(result.error)")
    return result.out.split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(
      String.init)
  }

  /// What fish's `complete -C` offers for `line` (without the descriptions).
  static func fishOffers(_ line: String, in fixture: Fixture) throws -> [String] {
    let result = try fixture.shell([
      "fish", "--no-config", "-c",
      "source \(Fixture.quoted(fixture.script("fish").path)); and complete -C \(Fixture.quoted(line))",
    ])
    #expect(result.status == 0, "\(line): \(result.error)")
    #expect(result.error.isEmpty, "\(line): \(result.error)")
    return result.out.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
  }

  /// No offer is, or holds, a piece of a name that a line cannot hold.
  static func expectNoSplitName(_ offers: [String]) {
    for offer in offers {
      #expect(!offer.contains("\n") && !offer.contains("\t"), "\(offer)")
      #expect(!["fake", "$(touch pwned-r3)"].contains(offer), "a line became a candidate")
    }
  }

  @Test func bashOffersEveryNameLiterallyAndRunsNone() throws {
    let fixture = try Fixture()
    let routines = try Self.bashOffers(["cadence", "run", ""], in: fixture)
    #expect(Set(Fixture.routines).isSubset(of: routines), "\(routines)")
    #expect(routines.contains("pomodoro"))
    Self.expectNoSplitName(routines)
    let history = try Self.bashOffers(["cadence", "history", "--routine", ""], in: fixture)
    #expect(Set(Fixture.routines).isSubset(of: history), "\(history)")
    // A prefix is compared as text, and the quote a word opens is kept.
    #expect(
      try Self.bashOffers(["cadence", "check", "\\$("], in: fixture) == [Fixture.routines[0]])
    #expect(
      try Self.bashOffers(["cadence", "run", "\"\\`"], opening: "\"", in: fixture)
        == [Fixture.routines[1]])
    #expect(try Self.bashOffers(["cadence", "run", "'it"], opening: "'", in: fixture) == ["it's"])
    #expect(try Self.bashOffers(["cadence", "run", "\\*"], in: fixture) == ["*star"])
    #expect(try Self.bashOffers(["cadence", "run", "\\?"], in: fixture) == ["?x"])

    let tasks = Set(Fixture.tasks)
    #expect(Set(try Self.bashOffers(["cadence", "run", "--task", ""], in: fixture)) == tasks)
    // bash splits --task=VALUE at the equals sign.
    #expect(Set(try Self.bashOffers(["cadence", "run", "--task", "=", ""], in: fixture)) == tasks)
    #expect(Set(try Self.bashOffers(["cadence", "run", "--task", "="], in: fixture)) == tasks)
    #expect(Set(try Self.bashOffers(["cadence", "timer", "--task", ""], in: fixture)) == tasks)
    #expect(Set(try Self.bashOffers(["cadence", "focus", ""], in: fixture)) == tasks)
    #expect(Set(try Self.bashOffers(["cadence", "task", "done", ""], in: fixture)) == tasks)
    #expect(
      Set(try Self.bashOffers(["cadence", "task", "edit", ""], in: fixture))
        == tasks.union([Fixture.doneTask]))
    let goals = Set(Fixture.goals)
    #expect(
      Set(try Self.bashOffers(["cadence", "task", "add", "x", "--goal", ""], in: fixture))
        == goals.union(["none"]))
    #expect(Set(try Self.bashOffers(["cadence", "goal", "remove", ""], in: fixture)) == goals)
    #expect(
      try Self.bashOffers(["cadence", "goal", ""], in: fixture) == [
        "add", "list", "edit", "remove",
      ])
    #expect(
      try Self.bashOffers(["cadence", "config", "set", "s"], in: fixture) == [
        "sound", "style", "session.command",
      ])
    #expect(
      try Self.bashOffers(["cadence", "config", "set", "notify", ""], in: fixture) == ["on", "off"])
    #expect(try Self.bashOffers(["cadence", "config", "set", "pet", "f"], in: fixture) == ["fox"])
    #expect(try Self.bashOffers(["cadence", "shop", "buy", "v"], in: fixture) == ["volcano"])
    #expect(fixture.pwned.isEmpty, "a name ran: \(fixture.pwned)")
  }

  /// Every command with subcommands completes them, and each subcommand its own options,
  /// arguments and values, from the commands' declarations, in bash, zsh's lister and fish.
  @Test func subcommandsTheirOptionsAndValuesComplete() throws {
    let fixture = try Fixture()
    func bash(_ words: String...) throws -> [String] {
      try Self.bashOffers(["cadence"] + words, in: fixture)
    }
    #expect(try bash("task", "") == ["add", "list", "edit", "done", "remove"])
    #expect(try bash("task", "--db", "x", "") == ["add", "list", "edit", "done", "remove"])
    #expect(try bash("goal", "") == ["add", "list", "edit", "remove"])
    #expect(try bash("shop", "") == ["list", "buy", "use", "show"])
    #expect(try bash("config", "") == ["list", "get", "set", "unset"])
    #expect(try bash("history", "") == ["import"])
    let keys = try bash("config", "set", "")
    #expect(
      keys.count > 10 && ["dnd", "style", "volume", "session.command"].allSatisfy(keys.contains))
    #expect(try bash("config", "get", "vo") == ["volume"])
    #expect(try bash("config", "set", "dnd", "") == ["auto", "dunst", "mako", "gnome", "off"])
    #expect(try bash("config", "set", "--db", "x", "dnd", "m") == ["mako"])
    #expect(try bash("config", "set", "dnd", "off", "") == [])
    let items = try bash("shop", "buy", "")
    #expect(["palm", "volcano", "cat", "fox"].allSatisfy(items.contains), "\(items)")
    #expect(Set(try bash("focus", "")) == Set(Fixture.tasks))
    #expect(Set(try bash("timer", "--task", "")) == Set(Fixture.tasks))
    #expect(Set(try bash("task", "done", "")) == Set(Fixture.tasks))
    #expect(Set(try bash("task", "remove", "")) == Set(Fixture.tasks + [Fixture.doneTask]))
    #expect(Set(try bash("goal", "edit", "")) == Set(Fixture.goals))
    #expect(try bash("task", "add", "x", "") == [])
    // Each subcommand's own options: list's are not add's.
    let add = try bash("task", "add", "--")
    #expect(add.contains("--goal") && add.contains("--days") && add.contains("--db"), "\(add)")
    #expect(!add.contains("--all") && !add.contains("--json") && !add.contains("--name"))
    #expect(try bash("task", "list", "--") == ["--all", "--json", "--db", "--help"])
    #expect(try bash("task", "edit", "--na") == ["--name"])
    #expect(try bash("goal", "add", "x", "--") == ["--colour", "--db", "--help"])
    #expect(try bash("task", "edit", "x", "--icon", "pi") == ["pick"])
    #expect(Set(try bash("task", "edit", "x", "--goal", "")) == Set(Fixture.goals + ["none"]))
    #expect(fixture.pwned.isEmpty, "a name ran: \(fixture.pwned)")

    #expect(
      try Self.fishOffers("cadence task ", in: fixture) == [
        "add", "done", "edit", "list", "remove",
      ])
    #expect(try Self.fishOffers("cadence config set dnd g", in: fixture) == ["gnome"])
    #expect(try Self.fishOffers("cadence config set vol", in: fixture) == ["volume"])
    #expect(try Self.fishOffers("cadence shop buy volc", in: fixture) == ["volcano"])
    #expect(Set(try Self.fishOffers("cadence task done ", in: fixture)) == Set(Fixture.tasks))
    let fishList = try Self.fishOffers("cadence task list --", in: fixture)
    #expect(Set(fishList) == ["--all", "--json", "--db", "--help"], "\(fishList)")
    #expect(fixture.pwned.isEmpty, "a name ran: \(fixture.pwned)")
  }

  @Test func fishOffersEveryNameLiterallyAndRunsNone() throws {
    let fixture = try Fixture()
    let routines = try Self.fishOffers("cadence run ", in: fixture)
    #expect(Set(Fixture.routines).isSubset(of: routines), "\(routines)")
    Self.expectNoSplitName(routines)
    #expect(Set(try Self.fishOffers("cadence run --task ", in: fixture)) == Set(Fixture.tasks))
    #expect(Set(try Self.fishOffers("cadence focus ", in: fixture)) == Set(Fixture.tasks))
    #expect(
      Set(try Self.fishOffers("cadence task add x --goal=", in: fixture))
        == Set((Fixture.goals + ["none"]).map { "--goal=\($0)" }))
    #expect(
      try Self.fishOffers("cadence config set style ", in: fixture) == ["analogue", "digital"])
    #expect(fixture.pwned.isEmpty, "a name ran: \(fixture.pwned)")
  }

  @Test func theListerPrintsEachCandidateAsItIsAndLeavesOutWhatALineCannotHold() throws {
    let fixture = try Fixture()
    let output = try CadenceProcess.run(
      ["list", "--complete=run"], environment: fixture.environment)
    #expect(output.status == 0)
    let lines = output.standardOutput.split(separator: "\n").map(String.init)
    #expect(Set(Fixture.routines).isSubset(of: lines), "\(lines)")
    Self.expectNoSplitName(lines)
    #expect(!lines.contains("nl") && !lines.contains("tab"))
    let values = try CadenceProcess.run(
      ["list", "--complete=config", "--complete=set", "--complete=STYLE"],
      environment: fixture.environment)
    #expect(values.standardOutput == "digital\nanalogue\n")
    let dnd = try CadenceProcess.run(
      ["list", "--complete=config", "--complete=set", "--complete=dnd"],
      environment: fixture.environment)
    #expect(dnd.standardOutput == "auto\ndunst\nmako\ngnome\noff\n")
    let subcommands = try CadenceProcess.run(
      ["list", "--complete=task", "--complete=--db", "--complete=x"],
      environment: fixture.environment)
    #expect(subcommands.standardOutput == "add\nlist\nedit\ndone\nremove\n")
    let unknown = try CadenceProcess.run(
      ["list", "--complete=nonsense", "--complete=x"], environment: fixture.environment)
    #expect(unknown.status == 0)
    #expect(unknown.standardOutput.isEmpty)
  }
}
