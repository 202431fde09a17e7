// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Cadence",
  products: [
    .executable(name: "cadence", targets: ["cadence"]),
    .executable(name: "cadence-lua-worker", targets: ["cadence-lua-worker"]),
  ],
  targets: [
    .systemLibrary(
      name: "CLua",
      pkgConfig: "lua5.4",
      providers: [.apt(["liblua5.4-dev"])]
    ),
    .target(name: "CLuaSandbox", dependencies: ["CLua"]),
    // The process that runs a routine's Lua, confined; a small C program so it starts fast.
    // Debug builds carry test-only functions that the tests ask for through the environment.
    .executableTarget(
      name: "cadence-lua-worker", dependencies: ["CLuaSandbox", "CLua"],
      cSettings: [.define("CADENCE_WORKER_TEST_KNOBS", .when(configuration: .debug))],
      // SwiftPM links every executable with the Swift runtime, which costs milliseconds at each
      // start and installs a crash handler that would fight the seccomp filter. The worker uses
      // none of it: without Swift's start-up file and with the runtime linked statically, no
      // part of it is pulled in.
      linkerSettings: [.unsafeFlags(["-nostartfiles", "-static-stdlib"])]),
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .target(name: "CadenceText"),
    // Civil time in a time zone, from the system's zone files: no Foundation beyond Date, so
    // the binary carries no ICU.
    // The zone files are read through an injected ZoneFileReader (the system's is in
    // CadenceSystem), so this module, and CadenceCore above it, touch no system module.
    .target(name: "CadenceTime"),
    .target(
      name: "CadenceStore",
      dependencies: [
        "CSQLite", "CadenceCore", "CadencePresets", "CadenceSystem", "CadenceText", "CadenceTime",
      ]),
    .target(name: "CSystem"),
    .target(name: "CadenceCore", dependencies: ["CadenceText", "CadenceTime"]),
    .target(name: "CadenceSystem", dependencies: ["CSystem", "CadenceText", "CadenceTime"]),
    .target(
      name: "CadenceRuntime",
      dependencies: [
        "CadenceCore", "CadenceDesktop", "CadenceStore", "CadenceSystem", "CadenceText",
      ]),
    .target(
      name: "CadenceLua",
      dependencies: ["CLua", "CLuaSandbox", "CadenceCore", "CadenceSystem", "CadenceText"]),
    .target(name: "CadenceArguments", dependencies: ["CadenceText"]),
    // The desktop a run lives on: notifications, do-not-disturb, idle, Timewarrior; each
    // reached through a program of its own, with a time limit.
    .target(
      name: "CadenceDesktop",
      dependencies: ["CadenceCore", "CadenceStore", "CadenceSystem", "CadenceText", "CadenceTime"]),
    // Every format a user or a program reads: JSON, CSV, iCalendar, SVG, the plan's and the
    // history's tables, and status lines for shells, tmux and status bars; each escaped for
    // its sink.
    .target(
      name: "CadenceOutput",
      dependencies: [
        "CadenceCore", "CadenceRuntime", "CadenceStore", "CadenceSystem", "CadenceText",
        "CadenceTime",
      ]),
    // Every view and all key input: the run view (a routine's, or a countdown's with the island),
    // the keys, the terminal's full-screen mode; system calls through CadenceSystem.
    .target(
      name: "CadenceTerminal",
      dependencies: [
        "CadenceCore", "CadenceDesktop", "CadenceOutput", "CadenceRuntime", "CadenceStore",
        "CadenceSystem", "CadenceText", "CadenceTime",
      ]),
    // A run as this process hosts it, for the commands that start one: how it is shown and
    // heard (the options), and its outputs on this terminal and beyond (lines, the session
    // command).
    .target(
      name: "CadenceRunning",
      dependencies: [
        "CadenceCore", "CadenceDesktop", "CadenceLua", "CadenceOutput", "CadenceRuntime",
        "CadenceStore", "CadenceSystem", "CadenceTerminal", "CadenceText", "CadenceTime",
      ]),
    .target(
      name: "CadenceCommands",
      dependencies: [
        "CadenceCore", "CadenceLua", "CadenceArguments", "CadenceStore", "CadenceText",
        "CadenceSystem", "CadenceRuntime", "CadenceTime",
        "CadencePresets", "CadenceDesktop", "CadenceOutput", "CadenceTerminal", "CadenceRunning",
      ]
    ),
    .executableTarget(name: "cadence", dependencies: ["CadenceCommands"]),
    // The example routines as the built-in presets: Sources/CadencePresets/EmbeddedPresets.swift
    // is written by `swift run cadence-presets` (scripts/presets), and a test holds it to
    // examples/. (A build-tool plugin did this at build time, but the fuzzing build compiles
    // every tool as a library with libFuzzer's entry point, which a plugin's tool cannot be.)
    .executableTarget(name: "cadence-presets", dependencies: ["CadenceSystem"]),
    .target(name: "CadencePresets"),
    .target(
      name: "CadenceFuzzing",
      dependencies: [
        "CadenceCore", "CadenceLua", "CadenceArguments", "CadenceCommands", "CadenceOutput",
        "CadenceText", "CadenceRuntime", "CadenceSystem", "CadenceTime",
      ]
    ),
    .executableTarget(name: "cadence-fuzz", dependencies: ["CadenceFuzzing", "CadenceSystem"]),
    // What the test targets share: a manual clock and its alarm, temporary folders.
    .target(
      name: "CadenceTestSupport", dependencies: ["CadenceCore", "CadenceSystem"],
      path: "Tests/CadenceTestSupport"),
    .testTarget(
      name: "CadenceCoreTests",
      dependencies: [
        "CadenceCore", "CadenceText", "CadenceTime", "CadenceSystem", "CadenceTestSupport",
      ]),
    .testTarget(name: "CadenceTextTests", dependencies: ["CadenceText"]),
    .testTarget(
      name: "CadenceSystemTests", dependencies: ["CadenceSystem", "CadenceTestSupport"]),
    .testTarget(
      name: "CadenceTimeTests",
      dependencies: ["CadenceTime", "CadenceSystem", "CadenceTestSupport"]),
    .testTarget(
      name: "CadenceLuaTests",
      dependencies: ["CadenceLua", "CadenceCore", "CLua", "CadenceSystem", "CadenceTestSupport"]),
    .testTarget(
      name: "CadenceRuntimeTests",
      dependencies: [
        "CadenceRuntime", "CadenceCore", "CadenceDesktop", "CadenceStore", "CadenceSystem",
        "CadenceTestSupport",
      ]),
    .testTarget(name: "CadenceArgumentsTests", dependencies: ["CadenceArguments"]),
    .testTarget(
      name: "CadenceRunningTests",
      dependencies: [
        "CadenceRunning", "CadenceSystem", "CadenceTerminal", "CadenceTime", "CadenceTestSupport",
      ]),
    .testTarget(
      name: "CadenceDesktopTests",
      dependencies: [
        "CadenceDesktop", "CadenceStore", "CadenceSystem", "CadenceCore", "CadenceTestSupport",
      ]),
    .testTarget(
      name: "CadenceOutputTests",
      dependencies: [
        "CadenceOutput", "CadenceCore", "CadenceRuntime", "CadenceStore", "CadenceText",
        "CadenceTime", "CadenceSystem", "CadenceTestSupport",
      ]),
    .testTarget(
      name: "CadenceTerminalTests",
      dependencies: [
        "CadenceTerminal", "CadenceCore", "CadenceDesktop", "CadenceRuntime", "CadenceTime",
        "CadenceSystem", "CadenceText",
        "CadenceTestSupport",
      ]),
    .testTarget(name: "CadenceFuzzingTests", dependencies: ["CadenceFuzzing"]),
    .testTarget(
      name: "CadenceStoreTests",
      dependencies: [
        "CadenceStore", "CadenceCore", "CadenceTime", "CSQLite", "CadenceTestSupport",
      ]),
    // Units of CadenceCommands tested in-process; CadenceEndToEndTests runs the built binary.
    .testTarget(
      name: "CadenceCommandsTests",
      dependencies: ["CadenceCommands", "CadenceOutput", "CadenceStore", "CadenceTestSupport"]),
    .testTarget(
      name: "CadenceEndToEndTests",
      dependencies: [
        "cadence", "CadenceRunning", "CadenceStore", "CadencePresets",
        "CadenceTime",
        "CadenceSystem", "CadenceOutput", "CadenceRuntime", "CadenceTestSupport", "CadenceTerminal",
      ],
      exclude: ["Hostile"]  // the hostile corpus, read from the source tree by the tests
    ),
  ]
)
