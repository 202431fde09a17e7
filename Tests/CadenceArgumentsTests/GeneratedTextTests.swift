import Testing

@testable import CadenceArguments

/// Completion scripts and the manual page come from the same specifications as help.
@Suite struct GeneratedTextTests {
  let program = ProgramSpec(
    name: "tool", version: "1.0", summary: "a tool", description: ["Does things.\n\nAnd more."],
    commands: [
      CommandSpec(
        name: "plan", abstract: "Plans a routine.", discussion: ".starts with a dot\\",
        examples: ["tool plan gym"],
        options: [
          OptionSpec("set", value: "NAME=VALUE", help: "Sets [a] value: here.", repeatable: true),
          OptionSpec("json", short: "j", help: "Prints JSON."),
        ],
        positionals: [PositionalSpec("FILE|NAME", help: "The routine.")])
    ],
    lister: "tool list")

  @Test func everyOptionIsInEveryScript() {
    for script in [
      BashCompletion.script(for: program), ZshCompletion.script(for: program),
      FishCompletion.script(for: program),
    ] {
      #expect(script.contains("set"))
      #expect(script.contains("json"))
      #expect(script.contains("tool list"))
    }
  }

  /// A subcommand's options are its command's too (each once, so the parser takes them), and
  /// help, the manual page and the three scripts show it with its own options and arguments.
  @Test func subcommandsAreInHelpTheManualAndEveryScript() {
    let shared = OptionSpec("db", value: "PATH", help: "The database.")
    let task = CommandSpec(
      name: "task", abstract: "Tasks.", examples: ["tool task add x"], options: [shared],
      positionals: [PositionalSpec("ACTION", help: "What to do.", maximum: 2)],
      subcommands: [
        CommandSpec(
          name: "add", abstract: "Adds a task.", examples: [],
          options: [OptionSpec("goal", value: "GOAL", help: "Its goal."), shared],
          positionals: [PositionalSpec("NAME", help: "Its name.")]),
        CommandSpec(
          name: "done", abstract: "Marks one done.", examples: [], options: [shared],
          positionals: [PositionalSpec("NAME", help: "The task.", kind: .listed("tasks"))]),
      ])
    #expect(task.options.map(\.name) == ["db", "goal"])
    #expect(task.subcommand("DONE")?.name == "done")
    let help = HelpFormatter.help(for: task)
    #expect(help.contains("Subcommands:\n  cadence task add NAME [--goal GOAL] [--db PATH]\n"))
    var program = self.program
    program.commands = [task]
    #expect(ManPage.page(for: program).contains("tool task done NAME"))
    let bash = BashCompletion.script(for: program)
    #expect(bash.contains("'add')") && bash.contains("_tool_words 'add' 'done'"))
    let zsh = ZshCompletion.script(for: program)
    #expect(zsh.contains("'done:Marks one done'") && zsh.contains("'*::argument:->argument'"))
    let fish = FishCompletion.script(for: program)
    #expect(fish.contains("-n '__tool_at task; and __tool_subcommand add --db --goal' -l goal"))
  }

  @Test func manualEscapesRoff() {
    let page = ManPage.page(for: program)
    #expect(page.contains("\\-\\-set"))
    #expect(page.contains("\\&.starts with a dot\\e"))
    #expect(page.contains("Does things.\n.PP\nAnd more."))
    #expect(ManPage.text("café") == "caf\\[u00E9]")
  }

  @Test func zshDescriptionsEscapeBracketsAndColons() {
    #expect(ZshCompletion.script(for: program).contains("'*--set=[Sets (a) value\\: here]"))
  }
}
