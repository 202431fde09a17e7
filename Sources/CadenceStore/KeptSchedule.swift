import CadenceCore
import FoundationEssentials

/// A countdown's schedule as a kept run's record holds it: JSON, read back as it was written.
enum KeptSchedule {
  static func text(_ schedule: Schedule) -> String? {
    guard let data = try? JSONEncoder().encode(schedule) else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// The schedule kept as `text`; nil when it cannot be read (the record was damaged).
  static func schedule(_ text: String) -> Schedule? {
    try? JSONDecoder().decode(Schedule.self, from: Data(text.utf8))
  }
}
