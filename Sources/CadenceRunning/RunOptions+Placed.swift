import CadenceSystem

extension RunOptions {
  /// Where a run's output goes: lines in the background process of a detached run
  /// (`background`); in a shell's background job (`cadence focus &`, not `detach`ed), lines,
  /// and the terminal left alone.
  public mutating func place(background: Bool, detach: Bool) {
    if background {
      output = .plain
    } else if !detach {
      _ = Detached.leaveTerminalAlone(&self)
    }
  }
}
