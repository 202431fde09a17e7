import CadenceSystem
import FoundationEssentials

/// Cadence's own "bing": a short bell-like tone (a sine with two overtones and a decaying
/// envelope), written as a 16-bit mono WAV at a given volume.
public enum BingSound {
  public static let sampleRate = 44_100
  public static let seconds = 0.6

  /// The WAV file's bytes at `volume` (0–100).
  public static func wav(volume: Int) -> [UInt8] {
    let count = Int(Double(sampleRate) * seconds)
    let gain = Double(max(0, min(100, volume))) / 100 * 0.8
    var samples = [Int16](repeating: 0, count: count)
    for index in 0..<count {
      let time = Double(index) / Double(sampleRate)
      let attack = min(1, time / 0.005)
      let envelope = attack * Trigonometry.exponential(-7 * time)
      let tone =
        0.6 * Trigonometry.sine(2 * .pi * 880 * time) + 0.3
        * Trigonometry.sine(2 * .pi * 1320 * time)
        + 0.1 * Trigonometry.sine(2 * .pi * 1760 * time)
      samples[index] = Int16((tone * envelope * gain * Double(Int16.max)).rounded())
    }
    return header(dataBytes: count * 2) + samples.flatMap { littleEndian(UInt16(bitPattern: $0)) }
  }

  /// Writes the WAV for `volume` into `directory` (once) and returns its path.
  public static func file(volume: Int, in directory: URL) throws -> URL {
    let url = directory.appendingPathComponent("bing-\(volume).wav")
    if FileManager.default.fileExists(atPath: url.path) { return url }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try OutputFile.write(wav(volume: volume), to: url.path).get()
    return url
  }

  private static func header(dataBytes: Int) -> [UInt8] {
    var bytes: [UInt8] = Array("RIFF".utf8) + littleEndian(UInt32(36 + dataBytes))
    bytes += Array("WAVEfmt ".utf8) + littleEndian(UInt32(16)) + littleEndian(UInt16(1))
    bytes += littleEndian(UInt16(1)) + littleEndian(UInt32(sampleRate))
    bytes +=
      littleEndian(UInt32(sampleRate * 2)) + littleEndian(UInt16(2)) + littleEndian(UInt16(16))
    bytes += Array("data".utf8) + littleEndian(UInt32(dataBytes))
    return bytes
  }

  private static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    withUnsafeBytes(of: value.littleEndian) { Array($0) }
  }
}
