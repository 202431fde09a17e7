import CSystem

#if canImport(Glibc)
  import Glibc
#endif

/// The one way Cadence starts another program: posix_spawn with the descriptors, session and
/// signal state it is to start with. `Processes` and `ProgramRun` build theirs from it, and
/// so does the Lua worker's host.
public struct Spawn: Sendable, Equatable {
  /// How a descriptor is opened in the child.
  public enum Opening: Sendable, Equatable {
    case reading
    case writing
    /// Appended to, created with mode 0600 if missing, never through a symbolic link (the
    /// start then fails with ELOOP).
    case appendingPrivately
  }

  /// What happens to the child's descriptors before the program starts, in order.
  public enum FileAction: Sendable, Equatable {
    /// `path` opened as `descriptor`.
    case open(Int32, path: String, Opening)
    /// The parent's `descriptor` as the child's `target`, which does not close on exec (also
    /// when both are the same number).
    case duplicate(Int32, as: Int32)
    /// Every descriptor from this one up closed.
    case closeFrom(Int32)
  }

  /// Which signals start with their default disposition (all start unblocked).
  public enum SignalDefaults: Sendable, Equatable {
    case all
    /// Only these; the others keep this process's disposition (an ignored one stays ignored).
    case only([Int32])
  }

  public var executable: String
  /// The arguments after argv[0], which is `executable`.
  public var arguments: [String]
  /// Its environment as NAME=value entries; nil: this process's.
  public var environment: [String]?
  public var fileActions: [FileAction]
  /// Whether it leads a session, and so a process group, of its own, with no controlling
  /// terminal.
  public var newSession: Bool
  public var signalDefaults: SignalDefaults

  public init(
    _ executable: String, _ arguments: [String], environment: [String]? = nil,
    fileActions: [FileAction] = [], newSession: Bool = false, signalDefaults: SignalDefaults = .all
  ) {
    self.executable = executable
    self.arguments = arguments
    self.environment = environment
    self.fileActions = fileActions
    self.newSession = newSession
    self.signalDefaults = signalDefaults
  }

  /// An environment as NAME=value entries.
  public static func entries(_ environment: [String: String]) -> [String] {
    environment.map { "\($0.key)=\($0.value)" }
  }

  /// Starts it: its process id, or why it could not start.
  public func start() -> Result<Int32, Errno> {
    var actions = posix_spawn_file_actions_t()
    var status = posix_spawn_file_actions_init(&actions)
    guard status == 0 else { return .failure(Errno(status)) }
    defer { posix_spawn_file_actions_destroy(&actions) }
    var attributes = posix_spawnattr_t()
    status = posix_spawnattr_init(&attributes)
    guard status == 0 else { return .failure(Errno(status)) }
    defer { posix_spawnattr_destroy(&attributes) }
    for action in fileActions {
      status = Self.add(action, to: &actions)
      guard status == 0 else { return .failure(Errno(status)) }
    }
    var defaults = sigset_t()
    switch signalDefaults {
    case .all:
      sigfillset(&defaults)
    case .only(let signals):
      sigemptyset(&defaults)
      for signal in signals { sigaddset(&defaults, signal) }
    }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &none)
    var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
    if newSession { flags |= cadence_spawn_setsid_flag() }
    posix_spawnattr_setflags(&attributes, Int16(flags))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { $0.map { strdup($0) } + [nil] }
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp ?? [] { free(pointer) }
    }
    var pid: pid_t = 0
    status = argv.withUnsafeBufferPointer { arguments in
      guard let envp else {
        return posix_spawn(&pid, executable, &actions, &attributes, arguments.baseAddress!, environ)
      }
      return envp.withUnsafeBufferPointer { variables in
        posix_spawn(
          &pid, executable, &actions, &attributes, arguments.baseAddress!, variables.baseAddress!)
      }
    }
    guard status == 0 else { return .failure(Errno(status)) }
    return .success(pid)
  }

  private static func add(_ action: FileAction, to actions: inout posix_spawn_file_actions_t)
    -> Int32
  {
    switch action {
    case .open(let descriptor, let path, let opening):
      let flags: Int32
      switch opening {
      case .reading: flags = O_RDONLY
      case .writing: flags = O_WRONLY
      case .appendingPrivately: flags = O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW
      }
      return posix_spawn_file_actions_addopen(&actions, descriptor, path, flags, 0o600)
    case .duplicate(let descriptor, let target) where descriptor == target:
      // dup2 onto itself would keep close-on-exec: move it away and back. The descriptor
      // just above is overwritten in the child only.
      let aside = target + 1
      return [
        posix_spawn_file_actions_adddup2(&actions, target, aside),
        posix_spawn_file_actions_adddup2(&actions, aside, target),
        posix_spawn_file_actions_addclose(&actions, aside),
      ].first { $0 != 0 } ?? 0
    case .duplicate(let descriptor, let target):
      return posix_spawn_file_actions_adddup2(&actions, descriptor, target)
    case .closeFrom(let descriptor):
      return cadence_spawn_close_from(&actions, descriptor)
    }
  }
}
