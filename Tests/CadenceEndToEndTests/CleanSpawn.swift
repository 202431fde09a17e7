import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Spawn attributes that give a child an empty signal mask and default dispositions.
///
/// The test runner's threads block most signals; without these a child (a tmux server, say)
/// inherits that mask, ignores SIGTERM and SIGHUP, and outlives the test that started it.
enum CleanSpawn {
  static func withAttributes<T>(_ body: (inout posix_spawnattr_t) throws -> T) rethrows -> T {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var all = sigset_t()
    var none = sigset_t()
    sigfillset(&all)
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    return try body(&attributes)
  }
}
