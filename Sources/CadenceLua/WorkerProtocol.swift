/// The framed messages between Cadence and its Lua worker (`cadence-lua-worker`, whose
/// `wire.h` holds the same layout).
///
/// A frame is a 32-bit little-endian payload length, one byte of kind, then the payload.
/// Strings are a 32-bit length and the bytes (0xFFFFFFFF: absent); integers little-endian;
/// numbers IEEE doubles. Replies are bounded twice: the worker cuts what it writes, and Cadence
/// refuses a frame longer than the request allows before reading it, then reads every length
/// against the bytes there are.
enum WorkerProtocol {
  enum Request: UInt8 {
    case load = 1
    case hooks = 2
  }

  enum Reply: UInt8 {
    case loaded = 1
    case loadFailed = 2
    case tooComplex = 3
    case hooks = 4
  }

  enum Tag: UInt8 {
    case `nil` = 0
    case `false` = 1
    case `true` = 2
    case integer = 3
    case number = 4
    case string = 5
    case table = 6
    case function = 7
    case other = 8
  }

  enum KeyTag: UInt8 {
    case name = 1
    case index = 2
    case other = 3
  }

  /// The largest a routine's table may be written out (the worker's TREE_LIMIT).
  static let treeLimit = 8 << 20
  /// The longest print output a load reply carries (the sandbox's buffer).
  static let outputLimit = 16_384
  /// The most a load reply may take.
  static let loadReplyLimit = treeLimit + outputLimit + 64
  /// The longest message or title a hook reply carries; sound and urgency; error text.
  static let messageLimit = 4096
  static let shortLimit = 256
  static let errorLimit = 2048
  /// The most a hook's actions may take written out (the sandbox's CADENCE_ACTIONS_CAPACITY).
  static let actionsLimit = 4096
  /// The most one hook's outcome may take in a reply, what it printed included.
  static let outcomeLimit =
    2 + 6 * 4 + 2 * messageLimit + actionsLimit + 2 * shortLimit + errorLimit + 5 + outputLimit
  /// The most hook calls one request carries (the worker's HOOK_CALLS_LIMIT).
  static let batchLimit = 256
  /// The deepest table Cadence reads; the worker refuses deeper ones itself.
  static let maximumDepth = 64
}

/// Writes one request frame.
struct WireWriter {
  private(set) var bytes: [UInt8]

  init(_ kind: WorkerProtocol.Request, capacity: Int = 256) {
    bytes = []
    bytes.reserveCapacity(capacity + 5)
    bytes.append(contentsOf: [0, 0, 0, 0, kind.rawValue])
  }

  mutating func u8(_ value: UInt8) { bytes.append(value) }

  mutating func u32(_ value: UInt32) {
    for shift in stride(from: 0, to: 32, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }

  mutating func i64(_ value: Int64) {
    let bits = UInt64(bitPattern: value)
    for shift in stride(from: 0, to: 64, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: bits >> shift))
    }
  }

  mutating func f64(_ value: Double) { i64(Int64(bitPattern: value.bitPattern)) }

  mutating func text<Bytes: Collection>(_ text: Bytes) where Bytes.Element == UInt8 {
    u32(UInt32(text.count))
    bytes.append(contentsOf: text)
  }

  mutating func text(_ text: String) { self.text(Array(text.utf8)) }

  /// A name the worker uses as a C string: the bytes, then a NUL, counted in the length.
  mutating func name(_ text: String) {
    u32(UInt32(text.utf8.count + 1))
    bytes.append(contentsOf: text.utf8)
    bytes.append(0)
  }

  mutating func raw<Bytes: Collection>(_ more: Bytes) where Bytes.Element == UInt8 {
    bytes.append(contentsOf: more)
  }

  /// The frame, its length filled in.
  func frame() -> [UInt8] {
    var framed = bytes
    let length = UInt32(bytes.count - 5)
    for index in 0..<4 { framed[index] = UInt8(truncatingIfNeeded: length >> (8 * index)) }
    return framed
  }
}
