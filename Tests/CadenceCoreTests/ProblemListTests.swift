import Testing

@testable import CadenceCore

/// A file with a hundred thousand bad steps is refused with a bounded list of problems, not
/// one line per step.
@Suite struct ProblemListTests {
  private func routine(badSteps count: Int) -> ScriptValue {
    let step = ScriptValue.table(
      ScriptTable([(key: .index(1), value: .string("")), (key: .index(2), value: .string(""))]))
    let steps = ScriptTable((1...count).map { (key: ScriptKey.index(Int64($0)), value: step) })
    return .table(["name": .string("Flood"), "steps": .table(steps)])
  }

  @Test func aFloodOfProblemsIsCutAtTheLimitAndSaysSo() {
    #expect(throws: RoutineError.self) {
      try RoutineReader.read(routine(badSteps: 100_000), defaultName: "flood")
    }
    do {
      _ = try RoutineReader.read(routine(badSteps: 100_000), defaultName: "flood")
    } catch {
      let all = error.all
      #expect(all.count == ProblemList.limit + 1)
      #expect(all.first?.path == "steps[1]" || all.first?.path.hasPrefix("steps[1]") == true)
      #expect(all.last?.message.contains("stopped looking after \(ProblemList.limit)") == true)
    }
  }

  @Test func aFewProblemsAreAllReportedWithoutTheNote() {
    do {
      _ = try RoutineReader.read(routine(badSteps: 3), defaultName: "few")
      Issue.record("three bad steps were accepted")
    } catch {
      #expect(error.all.count >= 3)
      #expect(error.all.count < ProblemList.limit)
      #expect(!error.all.contains { $0.message.contains("stopped looking") })
    }
  }
}
