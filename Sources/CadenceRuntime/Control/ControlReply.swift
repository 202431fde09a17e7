/// The answer to a status or command request: one JSON object on one line.
public struct ControlReply: Sendable, Equatable, Codable {
  public var v = ControlRequest.version
  public var ok: Bool
  public var status: RunStatus?
  public var error: String?

  public init(ok: Bool, status: RunStatus? = nil, error: String? = nil) {
    self.ok = ok
    self.status = status
    self.error = error
  }
}
