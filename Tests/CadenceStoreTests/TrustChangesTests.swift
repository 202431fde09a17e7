import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

/// `cadence trust`'s changes to a real trust list: one entry a routine, its state read back
/// from the file as it is now.
@Suite struct TrustChangesTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder("trust-changes").created() }

  @Test func trustingAgainReplacesTheEntryAndAnEditEndsTheTrust() throws {
    let store = TrustStore(environment: ["XDG_CONFIG_HOME": folder.path("config")])
    let routine = folder.path("study.lua")
    try Data("return {}".utf8).write(to: URL(fileURLWithPath: routine))
    #expect(try store.revoke(routine) == false)
    #expect(store.file.map { FileManager.default.fileExists(atPath: $0) } == false)
    let first = try store.trust(routine, text: Array("return {}".utf8))
    #expect(store.review().map(\.state) == [.unchanged])
    try Data("return { name = 'x' }".utf8).write(to: URL(fileURLWithPath: routine))
    #expect(store.review().map(\.state) == [.changed])
    let second = try store.trust(routine, text: Array("return { name = 'x' }".utf8))
    #expect(first != second)
    #expect(store.entries().map(\.digest) == [second])
    try FileManager.default.removeItem(atPath: routine)
    #expect(store.review().map(\.state) == [.missing])
    #expect(try store.revoke(routine))
    #expect(store.entries().isEmpty)
  }
}
