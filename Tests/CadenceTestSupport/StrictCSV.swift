/// A strict RFC 4180 reader for the tests: records end with CR LF, a quoted field may hold
/// anything (quote marks doubled), and anything malformed is an error rather than a guess.
public enum StrictCSV {
  public struct Malformed: Error, CustomStringConvertible {
    public var description: String
  }

  public static func parse(_ text: String) throws -> [[String]] {
    let scalars = Array(text.unicodeScalars)
    var records: [[String]] = []
    var record: [String] = []
    var index = 0
    while index < scalars.count {
      var field = String.UnicodeScalarView()
      if scalars[index] == "\"" {
        index += 1
        while true {
          guard index < scalars.count else { throw Malformed(description: "unclosed quote") }
          if scalars[index] == "\"" {
            if index + 1 < scalars.count, scalars[index + 1] == "\"" {
              field.append("\"")
              index += 2
              continue
            }
            index += 1
            break
          }
          field.append(scalars[index])
          index += 1
        }
      } else {
        while index < scalars.count, scalars[index] != ",", scalars[index] != "\r" {
          if scalars[index] == "\"" || scalars[index] == "\n" {
            throw Malformed(description: "a quote or line feed in an unquoted field")
          }
          field.append(scalars[index])
          index += 1
        }
      }
      record.append(String(field))
      guard index < scalars.count else { throw Malformed(description: "no CR LF at the end") }
      if scalars[index] == "," {
        index += 1
      } else if scalars[index] == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" {
        index += 2
        records.append(record)
        record = []
      } else {
        throw Malformed(description: "unexpected \(scalars[index]) after a field")
      }
    }
    return records
  }
}
