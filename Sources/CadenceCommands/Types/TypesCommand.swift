import CadenceArguments
import CadenceOutput
import CadenceSystem

/// `cadence types`: prints the LuaLS annotations of a routine, for an editor to complete keys
/// and flag typos.
enum TypesCommand {
  static let spec = CommandSpec(
    name: "types",
    abstract: "Prints the Lua type annotations of a routine, for an editor's language server.",
    discussion: """
      Save the output as cadence.lua in a folder and list that folder under
      "workspace.library" in your project's .luarc.json; annotate a routine's table with
      ---@type cadence.Routine.
      """,
    examples: ["cadence types > cadence.lua"],
    options: [],
    positionals: []
  )

  static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
    context.console.out(RoutineTypes.text)
    return .success
  }
}
