import CadenceSystem
import CadenceTestSupport
import Dispatch
import FoundationEssentials
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The pieces of CadenceSystem that stand in for Foundation's Thread, Process and FileHandle.
@Suite struct SystemSeamTests {
  @Test func aDetachedThreadRunsItsBodyOnAnotherThread() {
    let done = DispatchSemaphore(value: 0)
    let caller = pthread_self()
    nonisolated(unsafe) var ranElsewhere = false
    #expect(
      DetachedThread.start {
        ranElsewhere = pthread_equal(pthread_self(), caller) == 0
        done.signal()
      })
    done.wait()
    #expect(ranElsewhere)
  }

  @Test func readToEndReadsPastOneBufferUntilTheWriterCloses() throws {
    guard case .success(let ends) = Descriptor.pipe() else {
      Issue.record("no pipe")
      return
    }
    let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0) }
    DetachedThread.start {
      Descriptor.writeAll(ends.write, bytes)
      Descriptor.close(ends.write)
    }
    let read = Descriptor.readToEnd(ends.read)
    Descriptor.close(ends.read)
    #expect(try read.get() == bytes)
  }

  @Test func launchStartsAProgramAndSaysWhenItCannot() throws {
    let folder = try TemporaryFolder("launch").created().path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/made"
    #expect(Processes.launch("/usr/bin/touch", [file]))
    // Waits for the program's effect (not for time to pass): up to 10 seconds under load.
    var waited = 0
    while !FileManager.default.fileExists(atPath: file), waited < 1000 {
      usleep(10_000)
      waited += 1
    }
    #expect(FileManager.default.fileExists(atPath: file))
    #expect(!Processes.launch(folder + "/no-such-program", []))
  }
}
