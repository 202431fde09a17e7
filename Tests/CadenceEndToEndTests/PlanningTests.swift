import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

/// Goals, tasks, `today` and the shop through the binary, on a real database.
@Suite(.timeLimit(.minutes(10))) struct PlanningTests {
  let database = TemporaryFolder("planning").path("cadence.db")

  @discardableResult
  func cadence(_ arguments: [String], environment: [String: String] = [:]) throws
    -> CadenceProcess.Output
  {
    try CadenceProcess.run(arguments + ["--db", database], environment: environment)
  }

  func setUp() throws {
    #expect(try cadence(["goal", "add", "Degree", "--colour", "blue"]).status == 0)
    #expect(try cadence(["goal", "add", "Health", "--colour", "#33aa66"]).status == 0)
    let essay = try cadence([
      "task", "add", "Essay", "--goal", "Degree", "--icon", "note", "--priority", "8",
      "--deadline", "2026-12-18", "--days", "weekdays", "--length", "50m", "--tags", "writing,uni",
    ])
    #expect(essay.status == 0, "\(essay.standardError)")
    #expect(
      try cadence([
        "task", "add", "Run", "--goal", "Health", "--icon", "🏃", "--priority", "5", "--days",
        "mon,wed,fri",
      ]).status == 0)
    #expect(
      try cadence(["task", "add", "Taxes", "--priority", "3", "--deadline", "2026-11-20"]).status
        == 0)
  }

  /// Everything the planning commands store, as JSON.
  func snapshot() throws -> String {
    try cadence(["task", "list", "--all", "--json"]).standardOutput
      + cadence(["goal", "list", "--json"]).standardOutput
      + cadence(["config", "list"]).standardOutput
  }

  @Test func tasksAndGoalsRoundTripThroughTheDatabase() throws {
    try setUp()
    let tasks = try #require(
      JSONSerialization.jsonObject(
        with: Data(try cadence(["task", "list", "--json"]).standardOutput.utf8))
        as? [[String: Any]])
    let essay = try #require(tasks.first { $0["name"] as? String == "Essay" })
    #expect(essay["goal"] as? String == "Degree")
    #expect(essay["colour"] as? String == "blue")
    #expect(essay["icon"] as? String == "📝")
    #expect(essay["tags"] as? [String] == ["writing", "uni"])
    #expect(essay["length_ms"] as? Int == 3_000_000)
    #expect(essay["priority"] as? Int == 8)
    #expect(essay["deadline"] as? String == "2026-12-18")
    #expect(essay["days"] as? String == "weekdays")

    #expect(
      try cadence(["task", "edit", "essay", "--priority", "9", "--goal", "none"]).status == 0)
    #expect(try cadence(["task", "done", "Run"]).status == 0)
    #expect(try cadence(["goal", "edit", "Health", "--colour", "bright-green"]).status == 0)
    let after = try cadence(["task", "list"]).standardOutput
    #expect(after.contains("📝 Essay priority 9"))
    #expect(!after.contains("Run"))
    #expect(try cadence(["task", "list", "--all"]).standardOutput.contains("done"))
    #expect(try cadence(["goal", "list"]).standardOutput.contains("Health  bright-green"))
    #expect(try cadence(["task", "remove", "Taxes"]).status == 0)
    #expect(try cadence(["goal", "remove", "Degree"]).status == 0)
    #expect(!(try snapshot().contains("Taxes")))
  }

  @Test(arguments: [
    (["task", "add", "X", "--priority", "11"], 64, "--priority takes a whole number from 0 to 10"),
    (["task", "add", "X", "--days", "mon,funday"], 64, "\"funday\" is not a day of the week"),
    (["task", "add", "X", "--deadline", "2026-02-30"], 64, "--deadline takes a date"),
    (["task", "add", "X", "--deadline", "soon"], 64, "--deadline takes a date"),
    (["task", "add", "X", "--goal", "Nope"], 65, "There is no goal called \"Nope\""),
    (["task", "edit", "Nope", "--priority", "2"], 65, "There is no task called \"Nope\""),
    (["task", "done", "Nope"], 65, "There is no task called \"Nope\""),
    (["task", "edit", "Essay", "--priority", "-1"], 64, "--priority takes"),
    (["task", "add", "Essay"], 65, "There is already a task called \"Essay\""),
    (["goal", "add", "Y", "--colour", "mauve"], 64, "\"mauve\" is not a colour"),
    (["goal", "add", "Y", "--colour", "#12345g"], 64, "is not a colour"),
    (["goal", "edit", "Nope", "--colour", "red"], 65, "There is no goal called \"Nope\""),
    (["goal", "remove", "Nope"], 65, "There is no goal called \"Nope\""),
    (["today", "--date", "tomorrowish"], 64, "--date takes a date"),
    (["today", "--by", "colour"], 64, "--by takes priority or deadline"),
    (["shop", "buy", "unicorn"], 65, "\"unicorn\" is not in the shop"),
    (["shop", "buy", "dragon"], 65, "costs 250 coins and you have 0"),
    (["shop", "use", "fox"], 65, "is not yours yet"),
    (
      ["config", "set", "pet", "fox"], 65, "The fox pet is not yours yet; buy it with cadence shop"
    ),
    (["config", "set", "island", "Volcano"], 65, "The volcano island is not yours yet"),
  ])
  func badInputIsOneLineAndChangesNothing(_ arguments: [String], _ status: Int, _ text: String)
    throws
  {
    try setUp()
    let before = try snapshot()
    let output = try cadence(arguments)
    #expect(output.status == Int32(status))
    #expect(output.standardError.contains(text), "\(output.standardError)")
    RefusalForm.expect(output.standardError, status: Int32(status), arguments: arguments)
    #expect(output.standardOutput.isEmpty)
    #expect(try snapshot() == before)
  }

  @Test func todayListsTheDaysTasksWithTextRingsWithoutATerminal() throws {
    try setUp()
    // Monday 30 November 2026: Essay (weekdays), Run (mon) and Taxes (every day).
    let byPriority = try cadence(["today", "--date", "2026-11-30"]).standardOutput
    let lines = byPriority.split(separator: "\n").map(String.init)
    #expect(lines.first == "Monday 30 November: 3 tasks, by priority")
    #expect(lines[1].contains("▰▰▰▰▰▰▰▰▱▱ 8/10  📝 Essay"))
    #expect(lines[2].contains("▰▰▰▰▰▱▱▱▱▱ 5/10  🏃 Run"))
    #expect(lines[3].contains("▰▰▰▱▱▱▱▱▱▱ 3/10  Taxes"))
    #expect(!byPriority.contains("\u{1B}"))
    // Tuesday: no Run.
    #expect(!(try cadence(["today", "--date", "2026-12-01"]).standardOutput.contains("Run")))
    // By deadline, the overdue one first and marked.
    let byDeadline = try cadence(["today", "--date", "2026-11-30", "--by", "deadline"])
      .standardOutput.split(separator: "\n").map(String.init)
    #expect(byDeadline[1].hasPrefix("  ! ▱▱▱▱▱▱▱▱▱▱ 10 days overdue  Taxes"))
    #expect(byDeadline[2].contains("Essay"))
    #expect(byDeadline[3].contains("no deadline"))
    let json = try #require(
      JSONSerialization.jsonObject(
        with: Data(
          try cadence(["today", "--date", "2026-11-30", "--by", "deadline", "--json"])
            .standardOutput.utf8)) as? [[String: Any]])
    #expect(json.first?["overdue"] as? Bool == true)
    #expect(json.map { $0["name"] as? String } == ["Taxes", "Essay", "Run"])
  }

  /// By priority an overdue task is still overdue: marked in the text, true in JSON.
  @Test func anOverdueTaskIsOverdueWhateverTheOrder() throws {
    try setUp()
    let lines = try cadence(["today", "--date", "2026-11-30"]).standardOutput
      .split(separator: "\n").map(String.init)
    let taxes = try #require(lines.first { $0.contains("Taxes") })
    #expect(taxes.hasPrefix("  ! ▰▰▰▱▱▱▱▱▱▱ 3/10  Taxes"), "\(taxes)")
    #expect(taxes.contains("was due 2026-11-20"))
    #expect(!(try #require(lines.first { $0.contains("Essay") })).contains("!"))
    let json = try #require(
      JSONSerialization.jsonObject(
        with: Data(try cadence(["today", "--date", "2026-11-30", "--json"]).standardOutput.utf8))
        as? [[String: Any]])
    let overdue = Dictionary(
      uniqueKeysWithValues: json.map { ($0["name"] as? String ?? "", $0["overdue"] as? Bool) })
    #expect(overdue == ["Essay": false, "Run": false, "Taxes": true])
  }

  /// A deadline ring is filled by the time left against two weeks: two and a half days is
  /// under a fifth, eighteen days a full ring, however recently either task was made.
  @Test func aDeadlineRingIsTheTimeLeftAgainstTwoWeeks() throws {
    try setUp()
    #expect(
      try cadence(["task", "add", "Soon", "--priority", "1", "--deadline", "2026-12-02"]).status
        == 0)
    let json = try #require(
      JSONSerialization.jsonObject(
        with: Data(
          try cadence(["today", "--date", "2026-11-30", "--by", "deadline", "--json"])
            .standardOutput.utf8)) as? [[String: Any]])
    let fill = Dictionary(
      uniqueKeysWithValues: json.map { ($0["name"] as? String ?? "", $0["fill"] as? Double) })
    let soon = try #require(fill["Soon"] ?? nil)
    #expect(soon > 0.1 && soon < 0.25, "\(soon)")
    #expect(fill["Essay"] == 1.0)
  }

  @Test func coinsAreSpentInTheShopAndNeverGoNegative() throws {
    let store = try Store(path: database)
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    try store.record(
      SessionRecord(
        kind: .focus, routine: nil, startedAt: start, endedAt: start.addingTimeInterval(2700),
        plannedMilliseconds: 2_700_000, activeMilliseconds: 2_700_000, outcome: .completed,
        coins: 45))
    #expect(try cadence(["shop"]).standardOutput.hasPrefix("Coins: 45\n"))
    let bought = try cadence(["shop", "buy", "fox"])
    #expect(bought.status == 0)
    #expect(bought.standardOutput.contains("for 30 coins; 15 left"))
    let again = try cadence(["shop", "buy", "fox"])
    #expect(again.standardOutput.contains("already have"))
    let short = try cadence(["shop", "buy", "owl"])
    #expect(short.status == 65)
    #expect(short.standardError.contains("costs 60 coins and you have 15"))
    #expect(try cadence(["config", "set", "pet", "owl"]).status == 65)
    #expect(try cadence(["config", "set", "pet", "cat"]).status == 0)
    #expect(try cadence(["config", "set", "pet", "fox"]).standardOutput == "pet = fox\n")
    #expect(try cadence(["shop", "use", "fox"]).status == 0)
    let shop = try cadence(["shop", "--json"]).standardOutput
    #expect(shop.contains(#""balance":15"#))
    #expect(shop.contains(#""name":"fox","price":30,"owned":true,"in_use":true"#))
    #expect(try store.coins.transactions().map(\.change) == [45, -30])
    #expect(try cadence(["stats"]).standardOutput.contains("Coins: 15"))
  }

  @Test func theShopShowsTheDefaultIslandAndPetAndDegradesWhenNarrow() throws {
    let wide = try cadence(["shop", "show", "palm"]).standardOutput
    #expect(wide.contains("( o.o )"))
    #expect(wide.contains("~~~~~"))
    let narrow = try cadence(["shop", "show", "palm"], environment: ["COLUMNS": "24"])
    #expect(narrow.standardOutput == "cat on palm island\n")
  }
}
