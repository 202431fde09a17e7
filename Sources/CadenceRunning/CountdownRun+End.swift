import CadenceTerminal

extension CountdownRun.Ending {
  /// How it ended, as a full-screen view takes it.
  var end: CountdownEnd {
    CountdownEnd(
      finished: engine.state == .finished,
      counted: engine.elapsedBeforeSegment + engine.segmentElapsed(at: 0), length: engine.total,
      signal: signal, hungUp: hungUp, unsaved: unsaved)
  }
}
