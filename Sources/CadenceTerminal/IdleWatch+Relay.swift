import CadenceDesktop
import CadenceRuntime

extension IdleWatch.Asking {
  /// How a focus asks about its idle time on the person's return: on its own `view` if it has
  /// one, and on every view attached from elsewhere through its control socket (`server`),
  /// which answer it with `cadence attach`'s k and d. With no view of its own and none
  /// attached when the person is back, the `idle.return` setting (`otherwise`) is applied.
  public static func relayed(
    view: CountdownView?, server: ControlServer?, otherwise: IdleReturn
  ) -> IdleWatch.Asking {
    if let view {
      return .ask { away in
        let question = away.map { IdleText.question(away: $0) }
        view.ask(question)
        server?.ask(question)
      }
    }
    return .askIfWatched(
      { away in server?.ask(away.map { IdleText.question(away: $0) }) ?? false },
      otherwise: otherwise)
  }
}
