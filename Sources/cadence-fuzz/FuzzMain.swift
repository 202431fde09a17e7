import CadenceFuzzing
import CadenceSystem
import FoundationEssentials

/// `cadence-fuzz --target=NAME [libFuzzer options] [inputs and corpus folders]`
///
/// Built by scripts/fuzz with libFuzzer, libFuzzer's own main runs and calls
/// `LLVMFuzzerTestOneInput` below with each input it makes (it passes over options that start
/// with `--`, so `--target` is ours). Built plainly, `main` replays the files and folders it is
/// given and reports what they break: how a finding is checked once it is fixed.
@main enum FuzzMain {
  static let usage =
    "usage: cadence-fuzz --target=duration|routine|arguments|worker|control [files or folders]"

  /// The target named on the command line; nil when there is none or it is unknown.
  static let chosen: FuzzTarget? = CommandLine.arguments.lazy
    .compactMap { $0.hasPrefix("--target=") ? FuzzTarget(rawValue: String($0.dropFirst(9))) : nil }
    .first

  static func main() {
    guard let target = chosen else { fail(usage, 64) }
    var failures = 0
    var checked = 0
    for path in CommandLine.arguments.dropFirst() where !path.hasPrefix("-") {
      var isFolder = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        fail("cadence-fuzz: \(path) does not exist; name a file or a folder of inputs", 66)
      }
      let names =
        isFolder
        ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
          .map { "\(path)/\($0)" } : [path]
      for name in names {
        guard let data = FileManager.default.contents(atPath: name) else { continue }
        checked += 1
        let broken = target.check(Array(data))
        if !broken.isEmpty {
          failures += 1
          print("\(name): \(broken.joined(separator: "; "))")
        }
      }
    }
    print("\(checked) inputs checked with \(target.rawValue), \(failures) broke a property")
    Processes.exit(failures == 0 ? 0 : 1)
  }

  static func fail(_ message: String, _ status: Int32) -> Never {
    complain(message)
    Processes.exit(status)
  }

  /// Writes `message` and a line break to standard error.
  static func complain(_ message: String) {
    let line = message + "\n"
    Descriptor.writeAll(Descriptor.standardError, line)
  }
}

/// libFuzzer's entry: one input; a broken property aborts, which libFuzzer reports as a crash
/// and saves the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let target = FuzzMain.chosen else { FuzzMain.fail(FuzzMain.usage, 64) }
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let broken = target.check(bytes)
  if !broken.isEmpty {
    FuzzMain.complain(broken.joined(separator: "\n"))
    Processes.abort()
  }
  return 0
}
