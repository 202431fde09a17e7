import CadenceCore
import Testing

/// Seed 001's timer presets: the `presets` setting read, written and defaulted.
struct TimerPresetsTests {
  @Test func plainNumbersAreMinutesAndRepeatsAreDropped() throws {
    #expect(try TimerPresets.parse("5,10, 25").get() == [300_000, 600_000, 1_500_000])
    #expect(try TimerPresets.parse("5m,90s,1h,5").get() == [300_000, 90_000, 3_600_000])
    #expect(TimerPresets.text([300_000, 90_000]) == "5m,1m30s")
  }

  @Test(arguments: ["30s", "13h", "five", "5,,x"])
  func aLengthOutOfRangeIsRefusedByName(text: String) {
    guard case .failure(let refusal) = TimerPresets.parse(text) else {
      Issue.record("\(text) was taken")
      return
    }
    #expect(refusal.sentence.hasPrefix("presets takes lengths from 1m to 12h"))
  }

  @Test func oneToNineLengths() {
    #expect((try? TimerPresets.parse("1,2,3,4,5,6,7,8,9").get())?.count == 9)
    guard case .failure(let refusal) = TimerPresets.parse("1,2,3,4,5,6,7,8,9,10") else {
      Issue.record("ten were taken")
      return
    }
    #expect(refusal.sentence == "presets takes one to nine lengths, such as 5,10,25")
    #expect((try? TimerPresets.parse("").get()) == nil)
  }

  @Test func theSettingOrTheDefaults() {
    #expect(TimerPresets.current([:]) == TimerPresets.defaults)
    #expect(TimerPresets.current(["presets": "nonsense"]) == TimerPresets.defaults)
    #expect(TimerPresets.current(["presets": "7"]) == [420_000])
    #expect(TimerPresets.defaults.map { $0 / 60_000 } == [5, 10, 15, 25, 45, 60])
  }

  @Test func aTimersOwnLengthIsFromOneSecondTo24Hours() {
    #expect(TimerPresets.ownLength("40m") == 2_400_000)
    #expect(TimerPresets.ownLength("1s") == 1000)
    #expect(TimerPresets.ownLength("24h") == 86_400_000)
    for refused in ["0", "999ms", "24h1s", "soon", "-5m", ""] {
      #expect(TimerPresets.ownLength(refused) == nil, "\(refused)")
    }
  }
}
