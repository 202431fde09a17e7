import CadenceArguments
import CadenceCore

extension Positional {
  /// A positional read by one of the domain's rules, whose refusal the parser gives (with the
  /// usage line, status 64).
  static func ruled(
    _ name: String, help: String, kind: ValueKind? = nil,
    by rule: @escaping @Sendable (String) throws(RuleRefusal) -> Value
  ) -> Positional {
    Positional(name, help: help, kind: kind) { text in
      do throws(RuleRefusal) {
        return .success(try rule(text))
      } catch {
        return .failure(ArgumentRefusal(error.sentence))
      }
    }
  }
}

extension Positional<String> {
  /// A task's or goal's `NAME`: the parser refuses one that cannot name a `what` (empty, too
  /// long, or with control characters), and it reads back as given.
  static func name(of what: String, help: String, kind: ValueKind? = nil) -> Positional {
    ruled("NAME", help: help, kind: kind) { text throws(RuleRefusal) in
      _ = try PlanningRules.name(text, of: what)
      return text
    }
  }
}
