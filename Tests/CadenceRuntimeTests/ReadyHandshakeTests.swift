import CadenceSystem
import Testing

@testable import CadenceRuntime

/// The background process of a run tells its starter once, through one writer, and the
/// starter reads it through one reader.
@Suite struct ReadyHandshakeTests {
  @Test func theStarterHearsReadyOnceAndTheDescriptorIsClosed() throws {
    let ends = try Descriptor.pipe().get()
    defer { Descriptor.close(ends.read) }
    // Outside a background process nothing is written.
    ReadyHandshake.refuse("not heard")
    #expect(!ReadyHandshake.isBackground)
    ReadyHandshake.begin(descriptor: ends.write)
    #expect(ReadyHandshake.isBackground)
    ReadyHandshake.ready("4242")
    // Told once: a later refusal, or a close, says nothing more (the number may be another
    // file's by then).
    ReadyHandshake.refuse("a second answer")
    ReadyHandshake.close()
    #expect(ReadyHandshake.answer(from: ends.read) == .ready("4242"))
    #expect((try? Descriptor.read(ends.read).get()) == [])
  }

  @Test func theStarterReadsARefusalAndAnEndWithNothingSaid() throws {
    for (written, expected) in [
      ("error Nothing to resume.\n", ReadyHandshake.Answer.refused("Nothing to resume.")),
      ("ready 17\nmore", .ready("17")), ("", .ended), ("garbage\n", .ended),
    ] {
      let ends = try Descriptor.pipe().get()
      _ = Descriptor.writeAll(ends.write, written)
      Descriptor.close(ends.write)
      #expect(ReadyHandshake.answer(from: ends.read) == expected)
      Descriptor.close(ends.read)
    }
  }
}
