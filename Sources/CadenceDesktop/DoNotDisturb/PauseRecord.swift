import CadenceSystem

/// What a focus paused, kept in a private file before it pauses anything, so that the pause is
/// undone even when its process cannot do it (SIGKILL, a crash, a power cut): the desktop, and
/// the process that holds the pause. Only a pause Cadence made is recorded (a desktop the user
/// had paused already is left alone), so undoing it always means letting notifications through.
///
///     cadence do-not-disturb 1
///     desktop dunst
///     pid 4242
///     started 1159938
///     boot 0f3c…
struct PauseRecord: Equatable {
  static let heading = "cadence do-not-disturb 1"

  var desktop: DoNotDisturb.Desktop
  /// The process that paused, and still holds the pause while it runs.
  var owner: ProcessStamp

  var text: String {
    """
    \(Self.heading)
    desktop \(desktop.rawValue)
    pid \(owner.pid)
    started \(owner.started)
    boot \(owner.boot)

    """
  }

  /// The record in `text`; nil when it is not one.
  init?(text: String) {
    let lines = text.split(whereSeparator: \.isNewline).map(String.init)
    guard lines.first == Self.heading else { return nil }
    var fields: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let space = line.firstIndex(of: " ") else { return nil }
      fields[String(line[..<space])] = String(line[line.index(after: space)...])
    }
    guard let desktop = fields["desktop"].flatMap(DoNotDisturb.Desktop.init(rawValue:)),
      let pid = fields["pid"].flatMap({ Int32($0) }),
      let started = fields["started"].flatMap({ UInt64($0) }),
      let boot = fields["boot"], !boot.isEmpty
    else { return nil }
    self.init(desktop: desktop, owner: ProcessStamp(pid: pid, started: started, boot: boot))
  }

  init(desktop: DoNotDisturb.Desktop, owner: ProcessStamp) {
    self.desktop = desktop
    self.owner = owner
  }

  /// What is at `path`.
  enum Found: Equatable {
    case nothing
    case record(PauseRecord)
    /// A file that is not a record, or cannot be read: the reason.
    case damaged(String)
  }

  static func read(_ path: String) -> Found {
    switch PrivateFiles.read(path, limit: 4096) {
    case .failure(let error) where error == .noSuchFile: return .nothing
    case .failure(let error): return .damaged(error.description)
    case .success(let bytes):
      guard let text = String(validating: bytes, as: UTF8.self), let record = Self(text: text)
      else { return .damaged("it is not a record Cadence wrote") }
      return .record(record)
    }
  }

  /// Writes the record to `path` (private, 0600, replaced whole).
  func write(to path: String) -> Result<Void, Errno> {
    PrivateFiles.replace(path, with: Array(text.utf8), mode: 0o600)
  }
}
