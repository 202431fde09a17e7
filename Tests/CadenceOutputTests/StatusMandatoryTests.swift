import CadenceRuntime
import Foundation
import Testing

@testable import CadenceOutput

/// `status` says whether a break is a task's mandatory break, in every form: `"mandatory"` in
/// JSON, a line of the block, `{mandatory}` in a template, and waybar's class and tooltip.
@Suite struct StatusMandatoryTests {
  func status(mandatory: Bool?) throws -> RunStatus {
    let field = mandatory.map { ",\"mandatory\":\($0)" } ?? ""
    let json = """
      {"id":"r1","pid":1,"routine":"Break","path":"cadence:break","state":"running",
      "segment":"Break","kind":"pause","index":1,"count":1,"round":1,"rounds":1,
      "remaining_ms":60000,"elapsed_ms":0,"total_ms":60000,"percent":0,"started_at_ms":0\(field)}
      """
    return try JSONDecoder().decode(RunStatus.self, from: Data(json.utf8))
  }

  @Test func aMandatoryBreakSaysSoInEveryForm() throws {
    let rest = try status(mandatory: true)
    let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(rest))
    #expect((encoded as? [String: Any])?["mandatory"] as? Bool == true)
    #expect(
      StatusText.block(rest, timeZone: .utc).contains(
        "  mandatory  yes: a task's break, which cannot be skipped or shortened\n"))
    #expect(StatusText.format("{segment} {mandatory}", rest, timeZone: .utc) == "Break mandatory")
    #expect(StatusText.summary(rest).hasSuffix("; running; mandatory break"))
    let waybar = try #require(
      try JSONSerialization.jsonObject(with: Data(StatusText.waybar(rest, timeZone: .utc).utf8))
        as? [String: Any])
    #expect(waybar["class"] as? [String] == ["running", "mandatory"])
    #expect((waybar["tooltip"] as? String)?.contains("mandatory break") == true)
  }

  @Test func anyOtherRunSaysNothingOfIt() throws {
    // A status from a Cadence from before `mandatory` was said reads as not mandatory.
    for rest in [try status(mandatory: false), try status(mandatory: nil)] {
      #expect(!rest.mandatory)
      #expect(!StatusText.block(rest, timeZone: .utc).contains("mandatory"))
      #expect(StatusText.format("{segment}{mandatory}", rest, timeZone: .utc) == "Break")
      let waybar = try #require(
        try JSONSerialization.jsonObject(
          with: Data(StatusText.waybar(rest, timeZone: .utc).utf8)) as? [String: Any])
      #expect(waybar["class"] as? String == "running")
    }
  }
}
