import Testing

@testable import CadenceTerminal

/// Keys read from standard input are held to a bound: a sequence that never ends and a
/// stream faster than the screen take no more memory than a few dozen bytes and a queue's
/// capacity.
@Suite struct EndlessKeysTests {
  @Test func anEscapeSequenceThatNeverEndsIsDroppedPastItsBound() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[".utf8)).isEmpty)
    var keys: [KeyDecoder.Key] = []
    // Parameter bytes without a final byte, as an endless stream would send them.
    for _ in 0..<100 { keys += decoder.feed(Array(repeating: UInt8(ascii: "0"), count: 1000)) }
    // What is held back stays within the bound: past it the bytes come out as what they are.
    #expect(keys.count >= 99_000)
    #expect(keys.allSatisfy { $0 == .character("0") })
    #expect(decoder.feed(Array("\u{1B}[A".utf8)).last == .up)
  }

  @Test func theQueueKeepsAtMostItsCapacityButAlwaysTheEnd() {
    let queue = KeyQueue()
    for _ in 0..<(KeyQueue.capacity * 10) { queue.push(.character("y")) }
    queue.push(.endOfInput)
    var taken: [KeyDecoder.Key] = []
    while queue.hasMore { taken.append(queue.next()) }
    #expect(taken.count == KeyQueue.capacity + 1)
    #expect(taken.last == .endOfInput)
  }
}
