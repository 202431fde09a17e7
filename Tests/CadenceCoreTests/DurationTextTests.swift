import Testing

@testable import CadenceCore

@Suite struct DurationTextTests {
  @Test(
    arguments: [
      ("90", 90_000), ("90s", 90_000), ("2m", 120_000), ("1h30m", 5_400_000),
      ("1:30:00", 5_400_000), ("2m10s", 130_000), ("1:30", 90_000), ("500ms", 500),
      ("1.5h", 5_400_000), ("0.25s", 250), ("1h 30m", 5_400_000), (" 45s ", 45_000),
      ("1d", 86_400_000), ("0:05", 5_000), ("1:02:03.5", 3_723_500), ("0", 0),
    ] as [(String, Int64)])
  func parsesWrittenDurations(text: String, milliseconds: Int64) throws {
    #expect(try DurationText.parse(text) == milliseconds)
  }

  @Test(arguments: [
    ("2 minutes", "\"2 minutes\" is not a duration; try \"2m\""),
    ("1 hour 30 minutes", "\"1 hour 30 minutes\" is not a duration; try \"1h30m\""),
    ("2M", "\"2M\" is not a duration; try \"2m\""),
    ("-5s", "\"-5s\" is negative; a duration must be positive"),
    (
      "banana",
      "\"banana\" is not a duration; write it like 90, \"90s\", \"2m\", \"1h30m\" or \"1:30:00\""
    ),
    ("400d", "\"400d\" is longer than the limit of 366d"),
  ])
  func rejectsWithASentence(text: String, message: String) {
    #expect(throws: DurationError.self) { try DurationText.parse(text) }
    do {
      _ = try DurationText.parse(text)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test(arguments: [
    "", "m", "1m2h", "1m1m", "1:60", "1:5", "1:2:3:4", "1..5s", "1e3s", "s5", ":30",
  ])
  func rejectsMalformedText(text: String) {
    #expect(throws: DurationError.self) { try DurationText.parse(text) }
  }

  @Test func rejectsNonFiniteAndNegativeSeconds() {
    #expect(throws: DurationError.notFinite("NaN")) { try DurationText.fromSeconds(.nan) }
    #expect(throws: DurationError.notFinite("infinity")) {
      try DurationText.fromSeconds(.infinity)
    }
    #expect(throws: DurationError.negative("-1")) { try DurationText.fromSeconds(-1) }
    #expect(throws: DurationError.tooLong("1e+20")) { try DurationText.fromSeconds(1e20) }
  }

  @Test func convertsSecondsToWholeMilliseconds() throws {
    #expect(try DurationText.fromSeconds(90) == 90_000)
    #expect(try DurationText.fromSeconds(1.001) == 1001)
    #expect(try DurationText.fromSeconds(0.5) == 500)
    #expect(throws: DurationError.finerThanMillisecond("1.2345", suggestion: "1.235s")) {
      try DurationText.fromSeconds(1.2345)
    }
  }

  @Test func finerThanAMillisecondIsRefusedNotRounded() throws {
    #expect(throws: DurationError.finerThanMillisecond("\"1.5ms\"", suggestion: "2ms")) {
      try DurationText.parse("1.5ms")
    }
    #expect(throws: DurationError.finerThanMillisecond("\"1.0005s\"", suggestion: "1.001s")) {
      try DurationText.parse("1.0005s")
    }
    #expect(throws: DurationError.finerThanMillisecond("\"0:01.0001\"", suggestion: "1s")) {
      try DurationText.parse("0:01.0001")
    }
    #expect(throws: DurationError.self) { try DurationText.parse("1.0000000001s") }
    #expect(try DurationText.parse("1.250s") == 1250)
    #expect(try DurationText.parse("0.5m") == 30_000)
    #expect(try DurationText.parse("1.000000000000s") == 1000)
  }

  @Test func clockPartsAfterTheFirstHaveTwoDigitsEvenWithAFraction() throws {
    #expect(throws: DurationError.notADuration("1:5.5", suggestion: "1:05.5")) {
      try DurationText.parse("1:5.5")
    }
    #expect(throws: DurationError.notADuration("1:5", suggestion: "1:05")) {
      try DurationText.parse("1:5")
    }
    #expect(try DurationText.parse("1:05.5") == 65_500)
  }

  @Test func aNumberMissingItsUnitGetsTheNextSmallerOne() {
    #expect(throws: DurationError.notADuration("1h30", suggestion: "1h30m")) {
      try DurationText.parse("1h30")
    }
    #expect(throws: DurationError.notADuration("2m10", suggestion: "2m10s")) {
      try DurationText.parse("2m10")
    }
  }

  @Test func daysAreAUnit() throws {
    #expect(try DurationText.parse("1d") == 86_400_000)
    #expect(try DurationText.parse("1d12h") == 129_600_000)
  }

  @Test(arguments: [0, 1, 999, 1000, 1500, 60_000, 90_500, 3_723_250, 86_400_000, 97_000_001])
  func formatReadsBack(milliseconds: Int64) throws {
    #expect(try DurationText.parse(DurationText.format(milliseconds)) == milliseconds)
  }

  @Test func formatsCompactly() {
    #expect(DurationText.format(5_400_000) == "1h30m")
    #expect(DurationText.format(1_674_419) == "27m54.419s")
    #expect(DurationText.format(500) == "500ms")
    #expect(DurationText.clock(3_723_000) == "1:02:03")
    #expect(DurationText.clock(65_000) == "1:05")
    #expect(DurationText.clock(65_250, precise: true) == "1:05.25")
  }
}
