/// Whole numbers written with leading zeros, as C's `%02d` or `%016llx` write them, without
/// Foundation's `String(format:)`.
public enum NumberText {
  /// `value` in `radix` (lower-case digits), with zeros in front up to `width` characters; a
  /// minus sign counts towards the width, as in `printf`.
  public static func zeroPadded<Value: BinaryInteger>(
    _ value: Value, width: Int, radix: Int = 10
  ) -> String {
    let digits = String(value.magnitude, radix: radix)
    let sign = value < 0 ? "-" : ""
    let zeros = max(0, width - sign.count - digits.count)
    return sign + String(repeating: "0", count: zeros) + digits
  }
}
