#if canImport(Glibc)
  import Glibc
#endif

/// The C library's sine, cosine and exponential, for what draws (a clock face's hand) and the
/// bing's tone.
public enum Trigonometry {
  public static func sine(_ angle: Double) -> Double { sin(angle) }
  public static func cosine(_ angle: Double) -> Double { cos(angle) }
  public static func exponential(_ value: Double) -> Double { exp(value) }
}
