import Foundation
import Testing

/// A hook that asks for an action Cadence cannot take (here a timeout that is not a duration)
/// is reported once, and its hook is off from then on, however many of its calls `simulate`
/// sent the worker together.
@Suite struct SimulateFailureOnceTests {
  static let routine = """
    return {
      name = "Twelve",
      steps = { { rounds = 12, steps = { { "Set", "10s" }, { "Rest", "5s", kind = "pause" } } } },
      on_work = function(ctx)
        return { message = "go", actions = { { run = { "true" }, timeout = "forever" } } }
      end,
    }
    """

  @Test(arguments: [false, true])
  func aFailingActionIsToldOnce(json: Bool) throws {
    let path = try CadenceProcess.temporaryFile("twelve.lua", Self.routine)
    let arguments = ["simulate", path] + (json ? ["--json"] : [])
    let output = try CadenceProcess.run(arguments)
    #expect(output.status == 0, "\(output.standardError)")
    let told = output.standardError.split(separator: "\n").filter {
      $0.contains("actions[1].timeout")
    }
    #expect(told.count == 1, "\(output.standardError)")
    #expect(told.first?.contains("on_work returned actions[1].timeout \"forever\"") == true)
  }
}
