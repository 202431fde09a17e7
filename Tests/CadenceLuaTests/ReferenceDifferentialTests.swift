import Testing

/// Cadence's sandbox against Debian's real lua5.4, on thousands of generated cases from fixed
/// seeds: what the pattern functions, `string.rep`, the table library and coroutines return,
/// the errors they raise and the order in which they call metamethods and comparators must be
/// Lua's, line for line. The only differences allowed are the ones the README lists
/// (DocumentedDifferencesTests), and none of these cases meets one.
@Suite struct ReferenceDifferentialTests {
  @Test(arguments: [1, 2]) func patternFunctions(seed: UInt64) throws {
    let lines = try ReferenceLua.compare(
      StringCases.patterns(seed: seed, count: 400), helpers: StringCases.patternHelpers)
    #expect(lines == 400 * 8)
  }

  @Test func stringRep() throws {
    let lines = try ReferenceLua.compare(StringCases.rep(seed: 3, count: 600))
    #expect(lines == 600)
  }

  @Test func tableFunctions() throws {
    let lines = try ReferenceLua.compare(
      TableCases.cases(seed: 4, count: 1500), helpers: TableCases.helpers)
    #expect(lines == 1500)
  }

  @Test func sort() throws {
    let lines = try ReferenceLua.compare(
      SortCases.cases(seed: 5, count: 800), helpers: SortCases.helpers)
    #expect(lines == 800)
  }

  @Test func baseFunctions() throws {
    let cases = BaseCases.cases()
    let lines = try ReferenceLua.compare(cases)
    #expect(lines == cases.count)
  }

  @Test func coroutines() throws {
    let cases = CoroutineCases.cases(seed: 6, count: 1200)
    let lines = try ReferenceLua.compare(cases)
    #expect(lines == cases.count)
  }
}
