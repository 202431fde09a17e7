import CadenceSystem
import Glibc
import Testing

/// `ProcessEnvironment.all()` reads every variable as `getenv` does.
@Suite(.serialized) struct ProcessEnvironmentTests {
  @Test func everyVariableIsReadAsGetenvReadsIt() {
    setenv("CADENCE_TEST_ENVIRONMENT_EQUALS", "a=b==c", 1)
    setenv("CADENCE_TEST_ENVIRONMENT_EMPTY", "", 1)
    setenv("CADENCE_TEST_ENVIRONMENT_WIDE", "Æsc 時間 ✓", 1)
    defer {
      for name in ["EQUALS", "EMPTY", "WIDE"] { unsetenv("CADENCE_TEST_ENVIRONMENT_\(name)") }
    }
    let all = ProcessEnvironment.all()
    #expect(all["CADENCE_TEST_ENVIRONMENT_EQUALS"] == "a=b==c")
    #expect(all["CADENCE_TEST_ENVIRONMENT_EMPTY"] == "")
    #expect(all["CADENCE_TEST_ENVIRONMENT_WIDE"] == "Æsc 時間 ✓")
    var count = 0
    while environ[count] != nil { count += 1 }
    #expect(all.count == count)
    for (name, value) in all {
      #expect(ProcessEnvironment.value(name) == value, "\(name)")
    }
  }
}
