import CSystem

#if canImport(Glibc)
  import Glibc
#endif

extension Processes {
  /// Ends this process with `status` after its exit handlers (standard streams flushed).
  public static func exit(_ status: Int32) -> Never { Glibc.exit(status) }

  /// Ends this process at once with SIGABRT (a fuzzer's crash).
  public static func abort() -> Never { Glibc.abort() }

  /// Caps the C library's malloc arenas, so memory does not creep up as threads come and go.
  public static func limitMallocArenas(_ arenas: Int32) { cadence_limit_malloc_arenas(arenas) }
}

extension Signals {
  /// Makes this process ignore `signal` (a started program gets it back at its default).
  public static func ignore(_ signal: Int32) { _ = Glibc.signal(signal, SIG_IGN) }
}
