import CadenceCore

/// Durations and clock times from arbitrary text: every value read is in range and reads back
/// from its own written forms; every refusal is one sentence on one line.
enum DurationFuzz {
  static func check(_ bytes: [UInt8]) -> [String] {
    var broken: [String] = []
    let text = String(decoding: bytes, as: UTF8.self)
    do {
      let milliseconds = try DurationText.parse(text)
      if milliseconds < 0 || milliseconds > DurationText.maximum {
        broken.append("\(text.debugDescription) read as \(milliseconds) ms, out of range")
      }
      let compact = DurationText.format(milliseconds)
      if (try? DurationText.parse(compact)) != milliseconds {
        broken.append("\(text.debugDescription) → \(compact) does not read back")
      }
      let clock = DurationText.clock(milliseconds)
      if (try? DurationText.parse(clock)) != milliseconds - milliseconds % 1000 {
        broken.append("\(text.debugDescription) → \(clock) does not read back")
      }
      let precise = DurationText.clock(milliseconds, precise: true)
      if (try? DurationText.parse(precise)) != milliseconds {
        broken.append("\(text.debugDescription) → \(precise) does not read back")
      }
    } catch {
      broken += FuzzSentence.problems(error.description, input: text)
    }
    if let time = ClockTime(parsing: text) {
      if !(0..<24).contains(time.hour) || !(0..<60).contains(time.minute)
        || !(0..<60).contains(time.second)
      {
        broken.append("\(text.debugDescription) read as an impossible time \(time)")
      }
      if ClockTime(parsing: time.description) != time {
        broken.append("\(text.debugDescription) → \(time) does not read back")
      }
    }
    if bytes.count >= 8 {
      let bits = bytes.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
      let seconds = Double(bitPattern: bits)
      do {
        let milliseconds = try DurationText.fromSeconds(seconds)
        if milliseconds < 0 || milliseconds > DurationText.maximum {
          broken.append("\(seconds) s read as \(milliseconds) ms, out of range")
        }
      } catch {
        broken += FuzzSentence.problems(error.description, input: "\(seconds)")
      }
    }
    return broken
  }
}
