import CadenceRuntime

extension CountdownScreen.State {
  /// The screen of a countdown that looks as `face` says, counting `remaining` of `total`.
  public init(
    face: CountdownFace, remaining: Int64, total: Int64, stage: CountdownScreen.Stage,
    analogue: Bool
  ) {
    let island = face.island.flatMap(IslandArt.island)
    let pet = face.pet.flatMap(IslandArt.pet)
    self.init(
      title: face.title, phase: face.phase, remaining: remaining, total: total, stage: stage,
      coins: face.coins, scene: island.flatMap { island in pet.map { (island, $0) } },
      analogue: analogue, canStop: !face.mandatory)
  }
}

extension CountdownScreen {
  /// What a task's mandatory break says when its view is asked to stop it.
  public static let mandatoryStop =
    "A task's mandatory break cannot be stopped from its view; cadence stop ends the session."
}
