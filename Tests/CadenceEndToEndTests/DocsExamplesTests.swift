import Foundation
import Testing

/// Every command in a `sh` block of the README and of docs/ works as written from an installed
/// binary in any folder, in the order the page gives them, each page in a new home; a `lua` block that starts with
/// `-- NAME.lua` is saved as that file first, as the page asks the reader to.
@Suite(.timeLimit(.minutes(10))) struct DocsExamplesTests {
  /// The pages: the README and every file in docs/.
  static func pages() throws -> [URL] {
    let docs = CadenceProcess.root.appendingPathComponent("docs")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
    return [CadenceProcess.root.appendingPathComponent("README.md")]
      + names.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
  }

  /// The fenced blocks of a page, with their language.
  static func blocks(_ text: String) -> [(language: String, lines: [String])] {
    var blocks: [(String, [String])] = []
    var current: (String, [String])?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        if let open = current {
          blocks.append(open)
          current = nil
        } else {
          current = (String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), [])
        }
      } else if current != nil {
        current!.1.append(String(line))
      }
    }
    return blocks
  }

  /// The `cadence` commands of a shell block: continued lines joined, comments dropped.
  static func commands(_ lines: [String]) -> [String] {
    var joined: [String] = []
    var pending = ""
    for line in lines {
      if line.hasSuffix("\\") {
        pending += line.dropLast() + " "
        continue
      }
      joined.append(pending + line)
      pending = ""
    }
    return joined.compactMap { line in
      var command = line.trimmingCharacters(in: .whitespaces)
      if let comment = command.range(of: "  #") { command = String(command[..<comment.lowerBound]) }
      command = command.trimmingCharacters(in: .whitespaces)
      return command.hasPrefix("cadence ") ? command : nil
    }
  }

  @Test func everyShellExampleInTheREADMEAndDocsWorksFromAnyFolder() throws {
    var count = 0
    for page in try Self.pages() {
      // Each page is read by a new user of its own: what one page adds, another does not see.
      let world = try ExampleWorld()
      defer { _ = try? world.run("cadence stop") }
      let text = try String(contentsOf: page, encoding: .utf8)
      for block in Self.blocks(text) {
        if block.language == "lua", let first = block.lines.first, first.hasPrefix("-- "),
          first.hasSuffix(".lua")
        {
          let name = String(first.dropFirst(3))
          try block.lines.joined(separator: "\n").write(
            to: world.work.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        guard ["sh", "bash"].contains(block.language) else { continue }
        for command in Self.commands(block.lines) {
          count += 1
          if ExampleWorld.controlsARun(command) { try world.ensureRun() }
          let (ending, said) = try world.run(command)
          #expect(
            ExampleWorld.acceptable(ending),
            "\(page.lastPathComponent): \(command): \(ending)\n\(said)")
        }
      }
    }
    #expect(count >= 20, "\(count) examples")
  }
}
