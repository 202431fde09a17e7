import CadenceCore
import CadenceOutput

extension RunScreen {
  /// The strip the screen draws for a given width, from the schedule as the run now stands
  /// (adjusted and skipped steps at the lengths they have).
  public static func strip(for engine: Engine, columns: Int, colour: Bool) -> [String] {
    TimelineRenderer(
      schedule: engine.scheduleAsItStands, width: max(20, max(40, columns) - 6), colour: colour
    ).render()
  }
}
