import CadenceCore
import CadenceRuntime
import FoundationEssentials

/// Control-socket requests from arbitrary bytes: a request read is written back as a line
/// that reads as the same request; a refusal is one sentence on one line, and the reply that
/// carries it is one JSON line.
enum ControlFuzz {
  static func check(_ bytes: [UInt8]) -> [String] {
    var broken: [String] = []
    let shown = String(decoding: bytes.prefix(80), as: UTF8.self).debugDescription
    switch ControlRequest.parse(bytes) {
    case .success(let request):
      if bytes.count > ControlRequest.maximumLength {
        broken.append("\(shown): a request over the limit was read")
      }
      let line = Array(request.line.utf8)
      if line.contains(10) { broken.append("\(shown) → \(request.line) is not one line") }
      if case .success(let again) = ControlRequest.parse(line), again == request {
      } else {
        broken.append("\(shown) → \(request.line) does not read back")
      }
    case .failure(let error):
      broken += FuzzSentence.problems(error.description, input: shown)
      let reply = ControlReply(ok: false, error: error.description)
      if let data = try? JSONEncoder().encode(reply) {
        if data.contains(10) { broken.append("\(shown): the error reply is not one line") }
        if (try? JSONDecoder().decode(ControlReply.self, from: data)) != reply {
          broken.append("\(shown): the error reply does not read back")
        }
      } else {
        broken.append("\(shown): the error reply cannot be written")
      }
    }
    return broken
  }
}
