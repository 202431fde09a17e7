import CadenceDesktop

/// A run's driver is what an idle watch pauses, resumes and tells.
extension RunDriver: IdleRun {}
