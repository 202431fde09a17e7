import CadenceStore
import CadenceTestSupport
import Foundation
import Testing

/// The wall clock moved under a running timer (an NTP step, a user changing the time): timing
/// runs on the monotonic clock, so nothing moves. The clock seam is a small preloaded library,
/// built here, that shifts every wall-clock reading by an hour once the run is under way.
@Suite(.serialized, .timeLimit(.minutes(10))) struct WallClockTests {
  static let shim: String? = {
    let folder = TemporaryFolder("wall-shift").url
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let source = folder.appendingPathComponent("shift.c")
    let library = folder.appendingPathComponent("libshift.so")
    guard (try? Self.source.write(to: source, atomically: true, encoding: .utf8)) != nil else {
      return nil
    }
    for compiler in ["cc", "clang", "gcc"] {
      let built = try? Program.run(
        "/usr/bin/env",
        [compiler, "-shared", "-fPIC", "-O2", "-o", library.path, source.path, "-ldl"])
      if built?.status == 0 { return library.path }
    }
    return nil
  }()

  @Test(arguments: [3600, -3600])
  func aWallClockThatJumpsMovesNoEventAndNoRecord(shift: Int) throws {
    let library = try #require(Self.shim, "no C compiler could build the wall-clock shim")
    let database = TemporaryFolder("wall").path("cadence.db")
    let path = try CadenceProcess.temporaryFile(
      "jump.lua",
      "return { name = 'Jump', quarters = false, steps = { { 'Tick', '2s', every = '250ms', reminder = 'tick' } } }\n"
    )
    let clock = ContinuousClock()
    let began = clock.now
    let output = try CadenceProcess.run(
      ["run", path, "--json", "--mute", "--no-notify"],
      environment: [
        "CADENCE_DB": database, "LD_PRELOAD": library, "CADENCE_WALL_SHIFT": "700:\(shift)",
      ])
    let took = began.duration(to: clock.now)
    #expect(output.status == 0, "\(output.standardError)")
    #expect(took > .milliseconds(1900) && took < .seconds(5), "the run took \(took)")
    let events = try output.standardOutput.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    // Every reminder falls due 250 ms after the one before (the run's own start may come a
    // millisecond or so after the process's).
    let dues = events.filter { $0["event"] as? String == "reminder" }.compactMap {
      $0["at_ms"] as? Int
    }
    #expect(dues.count == 7 && zip(dues, dues.dropFirst()).allSatisfy { $1 - $0 == 250 })
    #expect((dues.first ?? 0) >= 250 && (dues.first ?? 0) < 300, "dues: \(dues)")
    #expect(events.compactMap { $0["late_ms"] as? Int }.allSatisfy { $0 < 50 })
    #expect(events.last?["event"] as? String == "finish")
    let session = try #require(try Store(path: database).sessions().first)
    #expect(session.activeMilliseconds == 2000)
    let length = session.endedAt.timeIntervalSince(session.startedAt)
    #expect(length >= 2 && length < 2.5, "recorded as \(length) s long")
  }

  /// Shifts CLOCK_REALTIME (and gettimeofday and time) by SHIFT seconds once AFTER
  /// milliseconds have passed since it was loaded: CADENCE_WALL_SHIFT="AFTER:SHIFT".
  static let source = """
    #define _GNU_SOURCE
    #include <dlfcn.h>
    #include <stdlib.h>
    #include <sys/time.h>
    #include <time.h>

    static int (*real_clock_gettime)(clockid_t, struct timespec *);
    static long long after_ns = -1, shift_s, loaded_ns;

    static long long monotonic_ns(void) {
      struct timespec now;
      real_clock_gettime(CLOCK_MONOTONIC, &now);
      return now.tv_sec * 1000000000LL + now.tv_nsec;
    }

    static void setup(void) {
      if (real_clock_gettime) return;
      real_clock_gettime = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT, "clock_gettime");
      const char *spec = getenv("CADENCE_WALL_SHIFT");
      char *rest;
      if (spec) {
        long long after = strtoll(spec, &rest, 10);
        if (*rest == ':') {
          after_ns = after * 1000000LL;
          shift_s = strtoll(rest + 1, NULL, 10);
        }
      }
      loaded_ns = monotonic_ns();
    }

    __attribute__((constructor)) static void load(void) { setup(); }

    static long long shift(void) {
      return after_ns >= 0 && monotonic_ns() - loaded_ns >= after_ns ? shift_s : 0;
    }

    int clock_gettime(clockid_t clock, struct timespec *time) {
      setup();
      int status = real_clock_gettime(clock, time);
      if (status == 0 && (clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_COARSE || clock == CLOCK_TAI))
        time->tv_sec += shift();
      return status;
    }

    int gettimeofday(struct timeval *restrict value, void *restrict zone) {
      (void)zone;
      struct timespec now;
      int status = clock_gettime(CLOCK_REALTIME, &now);
      if (status == 0 && value) {
        value->tv_sec = now.tv_sec;
        value->tv_usec = now.tv_nsec / 1000;
      }
      return status;
    }

    time_t time(time_t *value) {
      struct timespec now;
      clock_gettime(CLOCK_REALTIME, &now);
      if (value) *value = now.tv_sec;
      return now.tv_sec;
    }
    """
}
