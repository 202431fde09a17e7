/// The single words Timewarrior 1.4 reads as something other than a tag, lower-cased: range
/// keywords, the names its date parser knows (with the abbreviations it accepts: at least
/// three letters of a day, a month, `today`, `yesterday`, `tomorrow`, `later`, `someday`),
/// duration units, and the extensions it lists (any start of their names).
enum TimewarriorWords {
  /// Whether timew would read the lower-cased word `word` as something other than a tag.
  static func isReserved(_ word: String, extensions: [String]) -> Bool {
    if keywords.contains(word) || exact.contains(word) || durations.contains(word) {
      return true
    }
    if word.count >= 3, abbreviated.contains(where: { $0.hasPrefix(word) }) { return true }
    // An extension is matched by its whole name or any start of it.
    return (builtInExtensions + extensions).contains { $0.hasPrefix(word) }
  }

  /// Words of a range: `track 10:00 to 11:00`, `since monday`.
  static let keywords: Set<String> = [
    "from", "since", "to", "for", "until", "-", "before", "after", "ago",
  ]

  /// Dates taken only whole (libshared's Datetime): the starts and ends of periods, holidays.
  static let exact: Set<String> = {
    var words: Set<String> = [
      "now", "easter", "eastermonday", "ascension", "pentecost", "goodfriday", "midsommar",
      "midsommarafton", "juhannus",
    ]
    for edge in ["so", "eo"] {
      for period in ["d", "w", "ww", "m", "q", "y", "cw"] {
        for relative in ["", "p", "n"] { words.insert(edge + relative + period) }
      }
    }
    return words
  }()

  /// Dates taken from their first three letters on.
  static let abbreviated = [
    "today", "yesterday", "tomorrow", "later", "someday", "sunday", "monday", "tuesday",
    "wednesday", "thursday", "friday", "saturday", "january", "february", "march", "april",
    "may", "june", "july", "august", "september", "october", "november", "december",
  ]

  /// Duration units and periods (libshared's Duration), each a duration on its own.
  static let durations: Set<String> = [
    "annual", "biannual", "bimonthly", "biweekly", "biyearly", "daily", "days", "day", "d",
    "fortnight", "hours", "hour", "hrs", "hr", "h", "minutes", "minute", "mins", "min",
    "monthly", "months", "month", "mnths", "mths", "mth", "mos", "mo", "m", "quarterly",
    "quarters", "quarter", "qrtrs", "qrtr", "qtrs", "qtr", "q", "semiannual", "sennight",
    "seconds", "second", "secs", "sec", "s", "weekdays", "weekly", "weeks", "week", "wks", "wk",
    "w", "yearly", "years", "year", "yrs", "yr", "y",
  ]

  /// The reports timew lists among its extensions.
  static let builtInExtensions = ["day", "month", "summary", "week"]
}
