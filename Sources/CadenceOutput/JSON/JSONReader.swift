/// Reads JSON text (RFC 8259) from bytes in one pass, counting lines, for `history import`.
///
/// Linear in the input, with nesting held to ``maximumDepth`` so that no document, however
/// deep, can exhaust the stack. Whole numbers that fit become `int`, other numbers `double`;
/// text must be valid UTF-8.
public struct JSONReader {
  /// Why the text is not JSON: the line it was found on and one clause.
  public struct Failure: Error {
    public var line: Int
    public var what: String
  }

  /// The deepest nesting of arrays and objects read.
  public static let maximumDepth = 32

  private let bytes: [UInt8]
  private(set) var index = 0
  /// The line the reader is on, from 1.
  public private(set) var line = 1

  public init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Whether only white space is left.
  public mutating func isAtEnd() -> Bool {
    skipSpace()
    return index == bytes.count
  }

  /// Skips white space and reads `byte` if it is next; false (nothing read) otherwise.
  public mutating func take(_ byte: UInt8) -> Bool {
    skipSpace()
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  /// A failure on the current line.
  public func fail(_ what: String) -> Failure { Failure(line: line, what: what) }

  /// Reads one value of any kind.
  public mutating func value(depth: Int = 0) throws(Failure) -> JSONValue {
    skipSpace()
    guard index < bytes.count else { throw fail("the text ends where a value should be") }
    switch bytes[index] {
    case UInt8(ascii: "{"):
      return try object(depth: depth + 1)
    case UInt8(ascii: "["):
      guard depth + 1 <= Self.maximumDepth else {
        throw fail("arrays and objects are nested more than \(Self.maximumDepth) deep")
      }
      index += 1
      var values: [JSONValue] = []
      if take(UInt8(ascii: "]")) { return .array(values) }
      repeat {
        values.append(try value(depth: depth + 1))
      } while take(UInt8(ascii: ","))
      guard take(UInt8(ascii: "]")) else { throw fail("an array is missing a , or ]") }
      return .array(values)
    case UInt8(ascii: "\""):
      return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return try number()
    default:
      throw fail("a value cannot start with \(Self.shown(bytes[index]))")
    }
  }

  private mutating func object(depth: Int) throws(Failure) -> JSONValue {
    guard depth <= Self.maximumDepth else {
      throw fail("arrays and objects are nested more than \(Self.maximumDepth) deep")
    }
    index += 1
    var members: [(String, JSONValue)] = []
    if take(UInt8(ascii: "}")) { return .object(members) }
    // Room for an exported session's members at once, rather than growing five times.
    members.reserveCapacity(16)
    repeat {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw fail("an object's member must start with a name in double quotes")
      }
      let key = try string()
      guard take(UInt8(ascii: ":")) else { throw fail("a member's name must be followed by :") }
      members.append((key, try value(depth: depth)))
    } while take(UInt8(ascii: ","))
    guard take(UInt8(ascii: "}")) else { throw fail("an object is missing a , or }") }
    return .object(members)
  }

  private mutating func literal(_ word: StaticString, _ result: JSONValue) throws(Failure)
    -> JSONValue
  {
    let count = word.utf8CodeUnitCount
    let matches =
      index + count <= bytes.count
      && word.withUTF8Buffer { expected in
        (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
      }
    guard matches else { throw fail("a value cannot start with \(Self.shown(bytes[index]))") }
    index += count
    return result
  }

  private mutating func number() throws(Failure) -> JSONValue {
    let start = index
    var isWhole = true
    func digits() -> Int {
      let first = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
      }
      return index - first
    }
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    let integerStart = index
    let integerDigits = digits()
    guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
      throw fail("a number is not written as JSON writes numbers")
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isWhole = false
      index += 1
      guard digits() > 0 else { throw fail("a number has no digits after its point") }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      isWhole = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard digits() > 0 else { throw fail("a number has no digits in its exponent") }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isWhole, let whole = Int64(text) { return .int(whole) }
    guard let real = Double(text), real.isFinite else {
      throw fail("the number \(text.prefix(40)) is too large")
    }
    return .double(real)
  }

  /// Reads a string, the reader on its opening quote.
  private mutating func string() throws(Failure) -> String {
    index += 1
    // The common case first: plain ASCII without escapes is the bytes as they are.
    let start = index
    while index < bytes.count, bytes[index] >= 0x20, bytes[index] < 0x80,
      bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\")
    {
      index += 1
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
      index += 1
      return String(decoding: bytes[start..<index - 1], as: UTF8.self)
    }
    var scalars: [UInt8] = []
    var runStart = start
    while true {
      guard index < bytes.count else { throw fail("a string is not closed") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        scalars.append(contentsOf: bytes[runStart..<index])
        index += 1
        break
      }
      if byte < 0x20 {
        throw fail("a string holds a control character; JSON writes it escaped (\\n, \\u0001)")
      }
      guard byte == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      scalars.append(contentsOf: bytes[runStart..<index])
      index += 1
      guard index < bytes.count else { throw fail("a string is not closed") }
      let escaped = bytes[index]
      index += 1
      switch escaped {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escaped)
      case UInt8(ascii: "b"): scalars.append(0x08)
      case UInt8(ascii: "f"): scalars.append(0x0C)
      case UInt8(ascii: "n"): scalars.append(0x0A)
      case UInt8(ascii: "r"): scalars.append(0x0D)
      case UInt8(ascii: "t"): scalars.append(0x09)
      case UInt8(ascii: "u"):
        var value = try hexQuad()
        if (0xD800..<0xDC00).contains(value), index + 1 < bytes.count,
          bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        {
          let resume = index
          index += 2
          let low = try hexQuad()
          if (0xDC00..<0xE000).contains(low) {
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
          } else {
            index = resume
          }
        }
        // A lone surrogate stands for no character: it becomes U+FFFD, as decoders do.
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
      default:
        throw fail("a string has an unknown escape \\\(Self.shown(escaped))")
      }
      runStart = index
    }
    guard let text = String(validating: scalars, as: UTF8.self) else {
      throw fail("a string is not valid UTF-8")
    }
    return text
  }

  private mutating func hexQuad() throws(Failure) -> UInt32 {
    guard index + 4 <= bytes.count else { throw fail("a \\u escape needs four hex digits") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index] | 0x20
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      default: throw fail("a \\u escape needs four hex digits")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  private mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x0A: line += 1
      case 0x20, 0x09, 0x0D: break
      default: return
      }
      index += 1
    }
  }

  /// A byte as a message shows it: the character when printable ASCII, its code otherwise.
  static func shown(_ byte: UInt8) -> String {
    (0x21..<0x7F).contains(byte)
      ? "\(Character(Unicode.Scalar(byte)))" : "the byte 0x\(String(byte, radix: 16))"
  }
}
