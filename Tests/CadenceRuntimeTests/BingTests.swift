import Testing

@testable import CadenceRuntime

/// The bing Cadence makes itself: a valid WAV file that decays and follows the volume.
@Suite struct BingTests {
  @Test func theBingIsAValidWAVThatDecaysAndFollowsTheVolume() {
    let loud = BingSound.wav(volume: 100)
    let soft = BingSound.wav(volume: 25)
    #expect(Array(loud[0..<4]) == Array("RIFF".utf8))
    #expect(Array(loud[8..<16]) == Array("WAVEfmt ".utf8))
    func word(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    func long(_ bytes: [UInt8], _ at: Int) -> Int { word(bytes, at) | word(bytes, at + 2) << 16 }
    #expect(word(loud, 22) == 1)
    #expect(long(loud, 24) == 44_100)
    #expect(word(loud, 34) == 16)
    #expect(long(loud, 40) == loud.count - 44)
    func peak(_ bytes: [UInt8], from: Int, to: Int) -> Int {
      stride(from: 44 + from * 2, to: 44 + to * 2, by: 2).map {
        abs(Int(Int16(bitPattern: UInt16(word(bytes, $0)))))
      }.max() ?? 0
    }
    let early = peak(loud, from: 0, to: 4410)
    let late = peak(loud, from: 22050, to: 26460)
    #expect(early > 20_000)
    #expect(late < early / 4)
    let ratio = Double(peak(soft, from: 0, to: 4410)) / Double(early)
    #expect(abs(ratio - 0.25) < 0.02)
    #expect(peak(BingSound.wav(volume: 0), from: 0, to: 26460) == 0)
  }
}
