#if canImport(Glibc)
  import Glibc
#endif

/// The C library's sine and cosine, for what draws (a clock face's hand).
public enum Trigonometry {
  public static func sine(_ angle: Double) -> Double { sin(angle) }
  public static func cosine(_ angle: Double) -> Double { cos(angle) }
}
