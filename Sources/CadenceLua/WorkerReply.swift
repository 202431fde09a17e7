import CadenceCore

/// A reply from the Lua worker, decoded. Nothing in the bytes is trusted: every length is
/// checked against the bytes that are there and against the reply's own caps, tables may not
/// nest deeper than Cadence reads, and a table may not claim more entries than its bytes hold.
public enum WorkerReply: Equatable, Sendable {
  /// The routine ran: what it printed, and the value it returned.
  case loaded(output: String, truncated: Bool, value: ScriptValue?)
  /// The routine failed: Lua's status, the sandbox's trip, whether compiling failed, and the
  /// message (cut by the worker).
  case loadFailed(status: Int32, trip: Int32, syntax: Bool, message: String)
  /// The returned value nests too deep (1) or is too large written out (2).
  case tooComplex(reason: UInt8)
  /// The outcome of each hook call of a batch, in order.
  case hooks([RawHookOutcome])

  /// What one hook call gave, as the sandbox reports it (its `cadence_hook_outcome`).
  public struct RawHookOutcome: Equatable, Sendable {
    public var status: Int32
    public var trip: Int32
    public var message: String?
    public var title: String?
    public var sound: String?
    public var urgency: String?
    public var error: String?
    /// The commands the hook asked to run, their shape checked; nil when it asked for none.
    public var actions: [RawAction]?
    /// What the call printed (bounded), and whether more was cut off.
    public var printed: String
    public var printedTruncated: Bool
  }

  /// Why a reply could not be read.
  public struct Malformed: Error, Equatable, Sendable {
    public let reason: String
  }

  /// Decodes the payload of a frame of `kind`; a hooks reply must carry `calls` outcomes.
  public static func decode(kind: UInt8, payload: [UInt8], calls: Int = 1)
    throws(Malformed) -> WorkerReply
  {
    var reader = Reader(bytes: payload)
    let reply: WorkerReply
    switch WorkerProtocol.Reply(rawValue: kind) {
    case .loaded:
      let truncated = try reader.u8() != 0
      let output = try reader.text(limit: WorkerProtocol.outputLimit)
      reply = .loaded(output: output, truncated: truncated, value: try reader.value(depth: 0))
    case .loadFailed:
      let status = Int32(bitPattern: try reader.u32())
      let trip = Int32(try reader.u8())
      let syntax = try reader.u8() != 0
      reply = .loadFailed(
        status: status, trip: trip, syntax: syntax,
        message: try reader.text(limit: WorkerProtocol.errorLimit))
    case .tooComplex:
      reply = .tooComplex(reason: try reader.u8())
    case .hooks:
      let count = Int(try reader.u32())
      guard count == calls else { throw Malformed(reason: "\(count) outcomes for \(calls) calls") }
      var outcomes: [RawHookOutcome] = []
      outcomes.reserveCapacity(min(count, WorkerProtocol.batchLimit))
      for _ in 0..<count { outcomes.append(try reader.outcome()) }
      reply = .hooks(outcomes)
    case nil:
      throw Malformed(reason: "a reply of unknown kind \(kind)")
    }
    guard reader.atEnd else { throw Malformed(reason: "bytes left over after the reply") }
    return reply
  }

  /// Reads a payload front to back, every length checked.
  struct Reader {
    let bytes: [UInt8]
    var at = 0

    var atEnd: Bool { at == bytes.count }
    var remaining: Int { bytes.count - at }

    mutating func u8() throws(Malformed) -> UInt8 {
      guard at < bytes.count else { throw Malformed(reason: "the reply ends early") }
      defer { at += 1 }
      return bytes[at]
    }

    mutating func u32() throws(Malformed) -> UInt32 {
      guard remaining >= 4 else { throw Malformed(reason: "the reply ends early") }
      var value: UInt32 = 0
      for index in 0..<4 { value |= UInt32(bytes[at + index]) << (8 * index) }
      at += 4
      return value
    }

    mutating func i64() throws(Malformed) -> Int64 {
      guard remaining >= 8 else { throw Malformed(reason: "the reply ends early") }
      var value: UInt64 = 0
      for index in 0..<8 { value |= UInt64(bytes[at + index]) << (8 * index) }
      at += 8
      return Int64(bitPattern: value)
    }

    mutating func f64() throws(Malformed) -> Double {
      Double(bitPattern: UInt64(bitPattern: try i64()))
    }

    /// A string of at most `limit` bytes (and never more than the reply holds).
    mutating func text(limit: Int) throws(Malformed) -> String {
      guard let text = try optionalText(limit: limit) else {
        throw Malformed(reason: "a string is missing")
      }
      return text
    }

    mutating func optionalText(limit: Int) throws(Malformed) -> String? {
      try optionalBytes(limit: limit).map { String(decoding: $0, as: UTF8.self) }
    }

    mutating func optionalBytes(limit: Int) throws(Malformed) -> ArraySlice<UInt8>? {
      let length = try u32()
      if length == 0xFFFF_FFFF { return nil }
      guard Int(length) <= limit else {
        throw Malformed(reason: "a string of \(length) bytes, over the cap of \(limit)")
      }
      guard Int(length) <= remaining else {
        throw Malformed(reason: "a string runs past the reply")
      }
      defer { at += Int(length) }
      return bytes[at..<at + Int(length)]
    }

    mutating func outcome() throws(Malformed) -> RawHookOutcome {
      let status = Int32(try u8())
      let trip = Int32(try u8())
      let message = try optionalText(limit: WorkerProtocol.messageLimit)
      let title = try optionalText(limit: WorkerProtocol.messageLimit)
      let sound = try optionalText(limit: WorkerProtocol.shortLimit)
      let urgency = try optionalText(limit: WorkerProtocol.shortLimit)
      let error = try optionalText(limit: WorkerProtocol.errorLimit)
      var actions: [RawAction]?
      if let encoded = try optionalBytes(limit: WorkerProtocol.actionsLimit) {
        actions = try RawAction.decode(encoded)
      }
      let truncated = try u8() != 0
      let printed = try text(limit: WorkerProtocol.outputLimit)
      return RawHookOutcome(
        status: status, trip: trip, message: message, title: title, sound: sound,
        urgency: urgency, error: error, actions: actions, printed: printed,
        printedTruncated: truncated)
    }

    mutating func value(depth: Int) throws(Malformed) -> ScriptValue? {
      let tag = try u8()
      switch WorkerProtocol.Tag(rawValue: tag) {
      case .nil: return nil
      case .false: return .boolean(false)
      case .true: return .boolean(true)
      case .integer: return .integer(try i64())
      case .number: return .number(try f64())
      case .string: return .string(try text(limit: remaining))
      case .function: return .function
      case .other: return .other(try text(limit: 64))
      case .table: return .table(try table(depth: depth + 1))
      case nil: throw Malformed(reason: "a value of unknown tag \(tag)")
      }
    }

    private mutating func table(depth: Int) throws(Malformed) -> ScriptTable {
      guard depth <= WorkerProtocol.maximumDepth else {
        throw Malformed(reason: "a table nests deeper than \(WorkerProtocol.maximumDepth) levels")
      }
      let count = Int(try u32())
      // The smallest entry takes six bytes: a key tag, an empty name, a value tag.
      guard count <= remaining / 6 else {
        throw Malformed(reason: "a table claims \(count) entries in \(remaining) bytes")
      }
      var pairs: [(key: ScriptKey, value: ScriptValue)] = []
      pairs.reserveCapacity(count)
      for _ in 0..<count {
        let key = try self.key()
        if let value = try value(depth: depth) { pairs.append((key, value)) }
      }
      return ScriptTable(pairs)
    }

    private mutating func key() throws(Malformed) -> ScriptKey {
      let tag = try u8()
      switch WorkerProtocol.KeyTag(rawValue: tag) {
      case .name: return .name(try text(limit: remaining))
      case .index: return .index(try i64())
      case .other:
        switch WorkerProtocol.Tag(rawValue: try u8()) {
        case .number: return .other(String(try f64()))
        case .true: return .other("true")
        case .false: return .other("false")
        case .other: return .other(try text(limit: 64))
        default: throw Malformed(reason: "a key of unknown kind")
        }
      case nil: throw Malformed(reason: "a key of unknown tag \(tag)")
      }
    }
  }
}
