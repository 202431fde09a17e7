import CadenceSystem
import CadenceTestSupport
import FoundationEssentials
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The one checked writer: a channel keeps its first failure, and a file is written whole or
/// left as it was.
@Suite struct OutputFileTests {
  let folder: String

  init() throws { folder = try TemporaryFolder("output-file").created().path }

  func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  @Test func aChannelOnAFullDeviceKeepsItsFirstFailureAndWritesNothingMore() throws {
    let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let channel = OutputChannel(descriptor: descriptor, name: "standard output")
    #expect(channel.failure == nil)
    let failure = channel.write("a line\n")
    #expect(failure?.errno == Errno(ENOSPC))
    #expect(failure?.output == "standard output")
    #expect(channel.write("another\n") == failure)
    #expect(channel.failure == failure)
  }

  @Test func aNewFileGetsEveryByteAndTheUmasksPermissions() throws {
    let path = folder + "/new.txt"
    let text = String(repeating: "0123456789abcdef", count: 200_000)
    try OutputFile.write(text, to: path).get()
    #expect(contents(path) == text)
    var status = stat()
    #expect(stat(path, &status) == 0)
    let mask = umask(0o022)
    umask(mask)
    #expect(status.st_mode & 0o777 == 0o666 & ~mask)
  }

  @Test func aFileThereKeepsItsPermissionsAndALinkStaysALink() throws {
    let target = folder + "/target.txt"
    let link = folder + "/link.txt"
    try OutputFile.write("old\n", to: target, permissions: 0o600).get()
    #expect(symlink(target, link) == 0)
    try OutputFile.write("new\n", to: link).get()
    #expect(contents(target) == "new\n")
    var status = stat()
    #expect(lstat(link, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
    #expect(stat(target, &status) == 0 && status.st_mode & 0o777 == 0o600)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
        "link.txt", "target.txt",
      ])
  }

  @Test func aDeviceIsWrittenAsItIsAndItsFailureTold() {
    guard case .failure(let failure) = OutputFile.write("text", to: "/dev/full") else {
      Issue.record("/dev/full took the text")
      return
    }
    #expect(failure.errno == Errno(ENOSPC))
    #expect(!failure.untouched)
    #expect(!failure.isCannotCreate)
  }

  @Test func aMissingFolderCannotBeCreatedAndLeavesNothing() {
    guard case .failure(let failure) = OutputFile.write("text", to: folder + "/none/out.svg")
    else {
      Issue.record("a file was written into a folder that is not there")
      return
    }
    #expect(failure.errno == Errno(ENOENT))
    #expect(failure.isCannotCreate)
    #expect(failure.untouched)
  }
}
