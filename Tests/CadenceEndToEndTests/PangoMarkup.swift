import Foundation
import Testing

/// The real Pango markup parser, `pango_parse_markup` (waybar's and i3blocks'), through the
/// system Python's GObject bindings (python3-gi and gir1.2-pango-1.0, which scripts/setup
/// installs).
enum PangoMarkup {
  /// The plain text Pango shows for each markup text, or nil where it refuses the markup.
  static func parse(_ markups: [String]) throws -> [String?] {
    let script = """
      import gi, json, sys
      gi.require_version("Pango", "1.0")
      from gi.repository import Pango
      out = []
      for markup in json.loads(sys.argv[1]):
          try:
              out.append(Pango.parse_markup(markup, -1, "\\0")[2])
          except Exception:
              out.append(None)
      json.dump(out, sys.stdout)
      """
    let input = String(decoding: try JSONSerialization.data(withJSONObject: markups), as: UTF8.self)
    let output = try CadenceProcess.runTool("/usr/bin/python3", ["-c", script, input])
    #expect(output.status == 0, "Pango's Python bindings failed: \(output.standardError)")
    let parsed = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8))
    return (parsed as? [Any] ?? []).map { $0 as? String }
  }
}
