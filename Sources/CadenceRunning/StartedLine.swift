import CadenceOutput
import CadenceSystem
import CadenceText

/// What a command that starts a run in the background (`--detach`) prints: its id and how to
/// follow it, or with `--json` one object (`{"event":"detached","run":"ID","kind":KIND}`), the
/// sentence then going to standard error so that standard output holds only JSON.
public enum StartedLine {
  public static func say(
    id: String, kind: String, sentence: String, json: Bool, context: CommandContext
  ) {
    guard json else {
      context.console.out(sentence)
      return
    }
    context.console.out(
      JSONValue.object([
        ("event", .string("detached")), ("run", .string(id)), ("kind", .string(kind)),
      ]).rendered + "\n")
    context.console.problem(String(sentence.dropLast()))
  }
}
