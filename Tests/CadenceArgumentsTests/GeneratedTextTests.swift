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
