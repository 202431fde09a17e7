import CadenceStore
import Testing

/// The names a routine can be added to the library under, and the ones a search can find.
@Suite struct RoutineLibraryNameTests {
  @Test func aNewNameIsLettersDigitsAndAFewMarks() {
    for name in ["gym", "étude-2", "tabata_v2.1", "練習"] {
      #expect(RoutineLibrary.isNewName(name), "\(name)")
    }
    for name in ["", ".hidden", "a/b", "a b", "semi;colon", String(repeating: "x", count: 101)] {
      #expect(!RoutineLibrary.isNewName(name), "\(name)")
    }
  }

  @Test func aSearchedNameIsAnyFileNameThatIsNotHidden() {
    #expect(RoutineLibrary.isName("a b"))
    #expect(!RoutineLibrary.isName(".hidden"))
    #expect(!RoutineLibrary.isName("a/b"))
    #expect(!RoutineLibrary.isName(""))
  }
}
