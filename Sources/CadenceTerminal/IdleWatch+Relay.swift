import CadenceDesktop
import CadenceRuntime

extension IdleWatch.Asking {
  /// How a focus asks about its idle time on the person's return: on its own `view` while it
  /// is open, and on every view attached from elsewhere through its control socket (`server`)
  /// that answers (`cadence attach`'s k and d). With none of them there when the person is
  /// back (a focus in the background, or one whose terminal has gone), the `idle.return`
  /// setting (`otherwise`) is applied.
  public static func relayed(
    view: CountdownView?, server: ControlServer?, otherwise: IdleReturn
  ) -> IdleWatch.Asking {
    .askIfWatched(
      { away in
        let question = away.map { IdleText.question(away: $0) }
        // Both are told, whoever answers: the question shows on each.
        let shown = view?.ask(question) ?? false
        let attached = server?.ask(question) ?? false
        return shown || attached
      }, otherwise: otherwise)
  }
}

extension IdleWatch {
  /// Takes the answers of the views attached through `server`, and applies the setting when
  /// the last of them goes with the question open while `view` (the focus's own) is not open.
  public func relay(server: ControlServer?, view: CountdownView?) {
    guard let server else { return }
    server.answering { [self] in answer($0) }
    server.unanswered { [self] in
      if !(view?.isOpen ?? false) { unwatched() }
    }
  }

  /// The focus's own view has closed (its terminal went) and the focus goes on: with no view
  /// attached through `server` to answer the open question, the setting is applied.
  public func viewClosed(server: ControlServer?) {
    if !(server?.isAnswered ?? false) { unwatched() }
  }
}
