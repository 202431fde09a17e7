import CadenceTestSupport
import Foundation
import Testing

/// Files that are not files, a database others could read, and a reader that goes away.
@Suite(.timeLimit(.minutes(10))) struct SmallFaultTests {
  func scratch() throws -> URL {
    let folder = try TemporaryFolder("faults").created().url
    return folder
  }

  /// A Unix socket bound at `path`, left open for the test's life.
  func bindSocket(at path: String) -> Int32 {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (offset, byte) in path.utf8.prefix(buffer.count - 1).enumerated() {
        buffer[offset] = byte
      }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    #expect(bound == 0)
    return descriptor
  }

  @Test func aFIFOASocketOrADeviceIsRefusedAtOnce() throws {
    let folder = try scratch()
    let fifo = folder.appendingPathComponent("gym.lua").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let socketPath = folder.appendingPathComponent("s.lua").path
    let descriptor = bindSocket(at: socketPath)
    defer { close(descriptor) }
    for (path, kind) in [
      (fifo, "a named pipe (FIFO)"), (socketPath, "a socket"), ("/dev/null", "a character device"),
    ] {
      for command in ["check", "plan", "simulate", "run"] {
        let started = Date()
        let extra = command == "run" ? ["--db", folder.path + "/c.db"] : []
        let output = try CadenceProcess.run([command, path] + extra)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(output.status == 66, "\(command) \(path)")
        #expect(
          output.standardError.hasSuffix(
            "\(path): is \(kind), not a routine file; name a regular .lua file\n"))
        #expect(output.standardError.split(separator: "\n").count == 1)
      }
    }
  }

  @Test func theDatabaseAndItsNewFoldersAreTheOwnersOnly() throws {
    let folder = try scratch()
    let path = folder.appendingPathComponent("new/deeper/cadence.db").path
    let output = try CadenceProcess.run(["config", "set", "volume", "40", "--db", path])
    #expect(output.status == 0, "\(output.standardError)")
    func mode(_ path: String) throws -> Int {
      (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }
    #expect(try mode(path) == 0o600)
    #expect(try mode(folder.appendingPathComponent("new/deeper").path) == 0o700)
    #expect(try mode(folder.appendingPathComponent("new").path) == 0o700)
    // A folder that was already there keeps its permissions.
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
    let second = folder.appendingPathComponent("second.db").path
    #expect(try CadenceProcess.run(["goal", "add", "Degree", "--db", second]).status == 0)
    #expect(try mode(folder.path) == 0o755)
    #expect(try mode(second) == 0o600)
  }

  @Test func aClosedStandardOutputStopsTheRunAndItIsRecordedAsStopped() throws {
    let folder = try scratch()
    let routine = folder.appendingPathComponent("long.lua").path
    try "return { steps = { { 'Long', '1h' } } }\n".write(
      toFile: routine, atomically: true, encoding: .utf8)
    let database = folder.appendingPathComponent("cadence.db").path
    let started = Date()
    let text = try Program.run(
      "/bin/sh",
      [
        "-c",
        "'\(CadenceProcess.binary.path)' run '\(routine)' --json --mute --no-notify --db '\(database)' | head -1; echo \"status $?\"",
      ]
    ).standardOutput
    #expect(Date().timeIntervalSince(started) < 10)
    #expect(text.hasPrefix("{\"at_ms\":0,"))
    let history = try CadenceProcess.run(["history", "--db", database, "--json"])
    let sessions =
      try JSONSerialization.jsonObject(with: Data(history.standardOutput.utf8)) as? [[String: Any]]
      ?? []
    #expect(sessions.count == 1)
    #expect(sessions.first?["outcome"] as? String == "stopped")
    let resume = try CadenceProcess.run(["resume", "--db", database, "--mute", "--no-notify"])
    #expect(resume.standardError.contains("Nothing to resume"))
    #expect(resume.status == 69)
    let after = try CadenceProcess.run(["history", "--db", database, "--csv"])
    #expect(after.standardOutput.contains(",stopped,"))
    #expect(!after.standardOutput.contains("completed"))
  }

  @Test func aPlanWhoseReaderGoesAwayEndsQuietly() throws {
    let routine = try CadenceProcess.temporaryFile(
      "many.lua", "return { steps = { { rounds = 20000, steps = { { 'Set', '1s' } } } } }\n")
    let shell = try Program.run(
      "/bin/sh",
      ["-c", "'\(CadenceProcess.binary.path)' simulate '\(routine)' | head -1 >/dev/null"])
    #expect(shell.status == 0)
    #expect(shell.standardError.isEmpty)
  }
}
