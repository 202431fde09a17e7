import CadenceCore
import CadenceSystem
import FoundationEssentials

/// A routine as the process that starts its background run compiled it, handed to that
/// process on its standard input so that the routine is compiled once: its schedule, and the
/// text and place its hooks and its record need. `run` names the kept run it carries on
/// (`resume`), nil for a new run.
public struct HandedRoutine: Codable, Sendable, Equatable {
  public struct Parameter: Codable, Sendable, Equatable {
    public var name: String
    public var value: String
  }

  public var path: String
  /// Where the trust list knows it (see `TrustStore.location`).
  public var location: String
  public var source: [UInt8]
  public var parameters: [Parameter]
  public var schedule: Schedule
  public var run: Int64?

  public init(
    path: String, location: String, source: [UInt8],
    parameters: [(name: String, value: String)], schedule: Schedule, run: Int64? = nil
  ) {
    self.path = path
    self.location = location
    self.source = source
    self.parameters = parameters.map { Parameter(name: $0.name, value: $0.value) }
    self.schedule = schedule
    self.run = run
  }

  /// The parameters as `--set` gave them.
  public var overrides: [(name: String, value: String)] {
    parameters.map { ($0.name, $0.value) }
  }

  private enum CodingKeys: String, CodingKey {
    case path, location, source, parameters, schedule, run
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    path = try container.decode(String.self, forKey: .path)
    location = try container.decode(String.self, forKey: .location)
    source = Array(try container.decode(Data.self, forKey: .source))
    parameters = try container.decode([Parameter].self, forKey: .parameters)
    schedule = try container.decode(Schedule.self, forKey: .schedule)
    run = try container.decodeIfPresent(Int64.self, forKey: .run)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(path, forKey: .path)
    try container.encode(location, forKey: .location)
    // As base64, a quarter larger than the text rather than four times.
    try container.encode(Data(source), forKey: .source)
    try container.encode(parameters, forKey: .parameters)
    try container.encode(schedule, forKey: .schedule)
    try container.encodeIfPresent(run, forKey: .run)
  }

  /// The bytes handed over.
  public var encoded: [UInt8] { (try? Array(JSONEncoder().encode(self))) ?? [] }

  /// What the starter handed over on `descriptor` (standard input), read to its end; nil when
  /// nothing was (a background process's standard input is otherwise /dev/null).
  public static func received(on descriptor: Int32 = 0) -> HandedRoutine? {
    guard Descriptor.isPipe(descriptor),
      case .success(let bytes) = Descriptor.readToEnd(descriptor),
      !bytes.isEmpty
    else { return nil }
    return try? JSONDecoder().decode(HandedRoutine.self, from: Data(bytes))
  }
}
