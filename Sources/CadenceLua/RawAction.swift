import CadenceCore
import CadenceText

/// A command a hook asked for, as the worker sent it: its shape checked against the sandbox's
/// limits (never trusting the worker), its meaning not yet (``RoutineHooks`` reads the timeout
/// and refuses text that is not UTF-8).
public struct RawAction: Equatable, Sendable {
  public enum Timeout: Equatable, Sendable {
    case none
    /// Written as text: `"5s"`.
    case text(String)
    /// Written as a number of seconds: `5`, as Lua writes the number.
    case seconds(String)
  }

  /// At most this many actions a hook, and entries (the program and its arguments) an action:
  /// the sandbox's CADENCE_ACTIONS_LIMIT and CADENCE_ACTION_ARGUMENTS.
  public static let maximumCount = 8
  public static let maximumArguments = 64

  /// What is wrong with an action: the end of a sentence that starts "on_start returned".
  public struct Problem: Error, Equatable {
    public let sentence: String
  }

  public var timeout: Timeout
  /// The program and its arguments, as bytes: none holds a NUL, the first is not empty.
  public var arguments: [[UInt8]]

  /// Reads the sandbox's encoding (see `cadence_hook_outcome` in CLuaSandbox.h): for each
  /// action a timeout kind, its length and text, an argument count, and each argument as a
  /// 16-bit little-endian length and its bytes.
  static func decode(_ bytes: ArraySlice<UInt8>) throws(WorkerReply.Malformed) -> [RawAction] {
    var at = bytes.startIndex
    func byte() throws(WorkerReply.Malformed) -> Int {
      guard at < bytes.endIndex else {
        throw WorkerReply.Malformed(reason: "the actions end early")
      }
      defer { at += 1 }
      return Int(bytes[at])
    }
    func take(_ count: Int) throws(WorkerReply.Malformed) -> ArraySlice<UInt8> {
      guard bytes.endIndex - at >= count else {
        throw WorkerReply.Malformed(reason: "the actions end early")
      }
      defer { at += count }
      return bytes[at..<at + count]
    }
    var actions: [RawAction] = []
    while at < bytes.endIndex {
      guard actions.count < maximumCount else {
        throw WorkerReply.Malformed(reason: "more than \(maximumCount) actions")
      }
      let kind = try byte()
      let text = String(decoding: try take(try byte()), as: UTF8.self)
      let timeout: Timeout
      switch kind {
      case 0 where text.isEmpty: timeout = .none
      case 1: timeout = .text(text)
      case 2: timeout = .seconds(text)
      default: throw WorkerReply.Malformed(reason: "an action's timeout of unknown kind \(kind)")
      }
      let count = try byte()
      guard (1...maximumArguments).contains(count) else {
        throw WorkerReply.Malformed(reason: "an action of \(count) arguments")
      }
      var arguments: [[UInt8]] = []
      for index in 0..<count {
        let low = try byte()
        let high = try byte()
        let length = low | high << 8
        let argument = Array(try take(length))
        guard !argument.contains(0), index > 0 || !argument.isEmpty else {
          throw WorkerReply.Malformed(reason: "an action's argument is empty or holds a NUL")
        }
        arguments.append(argument)
      }
      actions.append(RawAction(timeout: timeout, arguments: arguments))
    }
    guard !actions.isEmpty else { throw WorkerReply.Malformed(reason: "actions with none in them") }
    return actions
  }

  /// The action as Cadence runs it (the `index`th of its hook's, for the sentence when it is
  /// wrong): its arguments as text, its timeout read and within limits.
  func hookAction(index: Int) -> Result<HookAction, Problem> {
    var texts: [String] = []
    for (position, bytes) in arguments.enumerated() {
      guard let text = String(validating: bytes, as: UTF8.self) else {
        return .failure(
          Problem(sentence: "actions[\(index)].run[\(position + 1)] that is not UTF-8 text"))
      }
      texts.append(text)
    }
    var milliseconds = HookAction.defaultTimeout
    let written: String
    switch timeout {
    case .none:
      return .success(HookAction(arguments: texts, timeout: milliseconds))
    case .text(let text):
      written = QuotedText.quote(text)
      guard let parsed = try? DurationText.parse(text) else {
        return .failure(
          Problem(
            sentence:
              "actions[\(index)].timeout \(written), which is not a duration; write it as \"5s\""))
      }
      milliseconds = parsed
    case .seconds(let text):
      written = text
      guard let seconds = Double(text), let parsed = try? DurationText.fromSeconds(seconds) else {
        return .failure(
          Problem(
            sentence: "actions[\(index)].timeout \(text), which is not a number of seconds"))
      }
      milliseconds = parsed
    }
    guard milliseconds >= 1, milliseconds <= HookAction.maximumTimeout else {
      return .failure(
        Problem(
          sentence:
            "actions[\(index)].timeout \(written); an action may take from 1ms to \(DurationText.format(HookAction.maximumTimeout))"
        ))
    }
    return .success(HookAction(arguments: texts, timeout: milliseconds))
  }
}
