/// A short, stable fingerprint of a routine's text (64-bit FNV-1a, in hex), so history can tell
/// runs of different versions of a file apart.
public enum RoutineHash {
  public static func hex(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    let text = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - text.count) + text
  }
}
