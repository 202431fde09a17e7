import CadenceCommands
import CadenceCore
import CadenceLua
import CadenceOutput
import FoundationEssentials

/// A routine file of arbitrary text. A schedule that compiles is whole: segments end to end,
/// events in order and inside it. `simulate --json` either refuses the file with a message that
/// names it, or plays it through with its hooks, in order, each line valid JSON.
enum RoutineFuzz {
  /// A first load under a tight allowance: a script that runs into it has shown what the
  /// sandbox does with it (the tests hold the full allowance to account), and is not run again
  /// under the full one, which would spend half a second of fuzzing on each.
  static let quick = SandboxLimits(memory: 64 << 20, loadInstructions: 2_000_000, loadSeconds: 0.05)

  static func check(_ bytes: [UInt8]) -> [String] {
    let workspace = FuzzWorkspace.shared
    let path = workspace.write(bytes, name: "routine.lua")
    let file: RoutineFile
    do {
      file = try RoutineFile(source: bytes, path: path, limits: quick)
    } catch .script(.instructionBudget), .script(.deadline), .script(.memory), .script(.stopped) {
      return []
    } catch {
      return FuzzSentence.problems(error.description, input: path)
    }
    var broken = schedule(file, workspace: workspace)
    let (status, out, error) = workspace.run(["simulate", path, "--json"])
    switch status {
    case 0:
      var last: Int64 = -1
      for line in out.split(separator: "\n") {
        guard
          let object = JSONValue.parse(Array(line.utf8)),
          case .int(let at) = object["at_ms"]
        else {
          broken.append("simulate printed a line that is not an event: \(line)")
          continue
        }
        if at < last { broken.append("simulate went back in time: \(line)") }
        last = at
      }
    case 65:
      let lines = error.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      if lines.isEmpty { broken.append("simulate refused the routine without a word") }
      for line in lines where !line.hasPrefix("\(path):") {
        broken.append("simulate refused the routine without naming it: \(line)")
      }
    default:
      broken.append("simulate ended with status \(status): \(error)")
    }
    return broken
  }

  private static func schedule(_ file: RoutineFile, workspace: FuzzWorkspace) -> [String] {
    guard let routine = try? file.routine(),
      let schedule = try? ScheduleCompiler.compile(
        routine, now: workspace.now, timeZone: workspace.timeZone)
    else { return [] }
    var broken: [String] = []
    var at: Int64 = 0
    for segment in schedule.segments {
      if segment.start != at || segment.duration < 0 {
        broken.append("segment \(segment.index) starts at \(segment.start), not \(at)")
      }
      at = segment.end
    }
    if schedule.total != at {
      broken.append("the total \(schedule.total) is not the segments' \(at)")
    }
    var last: Int64 = 0
    for event in schedule.events {
      if event.at < last || event.at > schedule.total {
        broken.append("event \(event.kind) at \(event.at) is out of order or outside the routine")
      }
      last = event.at
    }
    return broken
  }
}
