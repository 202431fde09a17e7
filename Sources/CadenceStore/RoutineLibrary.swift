import CadenceCore
import CadencePresets
import CadenceSystem
import CadenceText
import FoundationEssentials

/// Where routines are found by name, in order: the folders in `$CADENCE_ROUTINES` (separated by
/// colons), then `$XDG_CONFIG_HOME/cadence/routines` (`~/.config` when unset), then the presets
/// built into `cadence` (the repository's examples, embedded when it was built).
public struct RoutineLibrary: Sendable {
  /// Where a routine comes from.
  public enum Source: String, Sendable {
    /// A file given by its path.
    case file
    /// A folder in `$CADENCE_ROUTINES`.
    case environment = "CADENCE_ROUTINES"
    /// The user's configuration folder.
    case config
    /// Built into `cadence`.
    case builtIn = "built-in"
  }

  /// A routine the library can find.
  public struct Entry: Sendable {
    public var name: String
    public var source: Source
    /// The file; nil for a built-in preset.
    public var path: String?

    public init(name: String, source: Source, path: String? = nil) {
      self.name = name
      self.source = source
      self.path = path
    }

    /// How messages name it: the path, or `built-in/NAME.lua` for a preset.
    public var displayPath: String { path ?? "built-in/\(name).lua" }

    /// The routine's text, or nil when its file cannot be read, is not a regular file or is
    /// larger than a routine can be.
    public func text() -> [UInt8]? {
      if let path { return try? RegularFile.read(path, limit: Routine.maximumFileSize).get() }
      return Presets.text(named: name).map { Array($0.utf8) }
    }

    /// Why ``text()`` gave nothing, as the clause after the path.
    public var whyUnreadable: String {
      switch path.map({ RegularFile.read($0, limit: Routine.maximumFileSize) }) {
      case .failure(.tooLarge(let limit))?:
        return "is larger than \(RegularFile.size(limit)), too large to be a routine"
      case .failure(.notRegular(let kind))?:
        return "is \(kind), not a routine file; name a regular .lua file"
      case .failure(.directory)?: return "is a folder, not a routine file; name a .lua file in it"
      default: return "cannot be read; check that it exists and you may read it"
      }
    }
  }

  /// Why a routine argument names no file and no routine: a sentence saying where it was
  /// looked for and what to do (the command exits 66, as for any missing file).
  public struct NotFound: Error, Sendable {
    public var sentence: String
  }

  /// The folders searched before the presets, in order.
  public let folders: [(path: String, source: Source)]

  public init(environment: [String: String]) {
    var folders = (environment["CADENCE_ROUTINES"] ?? "").split(separator: ":").map {
      (path: String($0), source: Source.environment)
    }
    let paths = Paths(environment: environment)
    if let routines = paths.routines { folders.append((path: routines, source: .config)) }
    // A library where earlier versions kept it (a relative `$XDG_CONFIG_HOME`, an empty
    // `$HOME`) is still searched, after the one here.
    if let earlier = Paths.earlier(environment: environment, now: paths).config,
      FileManager.default.fileExists(atPath: earlier + "/routines")
    {
      folders.append((path: earlier + "/routines", source: .config))
    }
    self.folders = folders
  }

  /// Where `cadence add` puts a routine: the first folder searched.
  public var home: String? { folders.first?.path }

  /// The routine called `name` (without `.lua`), from the first place that has one.
  public func find(_ name: String) -> Entry? {
    guard Self.isName(name) else { return nil }
    for folder in folders {
      let path = "\(folder.path)/\(name).lua"
      if FileManager.default.fileExists(atPath: path) {
        return Entry(name: name, source: folder.source, path: path)
      }
    }
    return Presets.text(named: name) == nil ? nil : Entry(name: name, source: .builtIn)
  }

  /// Every routine the library can find by name, each from the place a name finds it, by name.
  public func entries() -> [Entry] {
    var found: [String: Entry] = [:]
    for folder in folders.reversed() {
      let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      for file in files where file.hasSuffix(".lua") {
        let name = String(file.dropLast(4))
        guard Self.isName(name) else { continue }
        found[name] = Entry(name: name, source: folder.source, path: "\(folder.path)/\(file)")
      }
    }
    for name in Presets.names where found[name] == nil {
      found[name] = Entry(name: name, source: .builtIn)
    }
    return found.values.sorted { $0.name < $1.name }
  }

  /// A command's routine argument: the file at that path when there is one or the argument has
  /// a slash, else the routine of that name (with or without `.lua`).
  public func resolve(_ given: String) -> Result<Entry, NotFound> {
    let name = given.hasSuffix(".lua") ? String(given.dropLast(4)) : given
    if given.contains("/") || FileManager.default.fileExists(atPath: given) {
      return .success(Entry(name: name, source: .file, path: given))
    }
    if let entry = find(name) { return .success(entry) }
    let shown = TerminalText.line(given)
    let message =
      given.hasSuffix(".lua")
      ? "\(shown): no such file, and no routine called \(TerminalText.line(name)) in \(searched); check the path, or run cadence list"
      : "\(shown): no such routine; looked for \(TerminalText.line(name)).lua in \(searched); run cadence list to see them all, or give a path"
    return .failure(NotFound(sentence: message))
  }

  /// The places searched, for a message: `$CADENCE_ROUTINES (/a), /home/me/.config/… and the
  /// built-in presets`.
  public var searched: String {
    var places = folders.map { folder in
      folder.source == .environment ? "\(folder.path) (from $CADENCE_ROUTINES)" : folder.path
    }
    places.append("the built-in presets")
    return places.dropLast().joined(separator: ", ") + " and " + places.last!
  }

  /// Whether `name` can be given to a routine added to the library: letters (of any script),
  /// digits, `-`, `_` and `.`, not starting with a dot, at most 100 characters.
  public static func isNewName(_ name: String) -> Bool {
    !name.isEmpty && !name.hasPrefix(".") && name.count <= 100
      && name.unicodeScalars.allSatisfy {
        $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)
      }
  }

  /// Whether `name` can name a routine file in a folder: no slash, not hidden, not empty.
  public static func isName(_ name: String) -> Bool {
    !name.isEmpty && !name.hasPrefix(".") && !name.contains("/") && !name.contains("\0")
  }
}

extension RoutineLibrary.Entry {
  /// The text at a path as messages name it: a file, or a built-in preset's `built-in/NAME.lua`.
  public static func text(atPath path: String) -> [UInt8]? {
    if path.hasPrefix("built-in/"), path.hasSuffix(".lua") {
      let name = String(path.dropFirst("built-in/".count).dropLast(4))
      return RoutineLibrary.Entry(name: name, source: .builtIn).text()
    }
    return RoutineLibrary.Entry(name: "", source: .file, path: path).text()
  }
}
