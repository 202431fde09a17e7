import CadenceStore
import CadenceSystem

extension RoutineLibrary.NotFound {
  /// The routine argument's failure: its sentence, exit status 66.
  public var failure: RoutineCompilation.Failure {
    RoutineCompilation.Failure(message: sentence, exitCode: .noInput)
  }
}
