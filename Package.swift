// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Cadence",
  products: [
    .executable(name: "cadence", targets: ["cadence"])
  ],
  targets: [
    .systemLibrary(
      name: "CLua",
      pkgConfig: "lua5.4",
      providers: [.apt(["liblua5.4-dev"])]
    ),
    .target(name: "CLuaSandbox", dependencies: ["CLua"]),
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .target(name: "CadenceStore", dependencies: ["CSQLite", "CadenceCore"]),
    .target(name: "CSystem"),
    .target(name: "CadenceCore"),
    .target(name: "CadenceLua", dependencies: ["CLua", "CLuaSandbox", "CadenceCore"]),
    .target(name: "CadenceArguments"),
    .target(
      name: "CadenceCommands",
      dependencies: ["CadenceCore", "CadenceLua", "CadenceArguments", "CadenceStore", "CSystem"]
    ),
    .executableTarget(name: "cadence", dependencies: ["CadenceCommands"]),
    .target(
      name: "CadenceFuzzing",
      dependencies: ["CadenceCore", "CadenceLua", "CadenceArguments", "CadenceCommands"]
    ),
    .executableTarget(name: "cadence-fuzz", dependencies: ["CadenceFuzzing"]),
    .testTarget(name: "CadenceCoreTests", dependencies: ["CadenceCore"]),
    .testTarget(name: "CadenceLuaTests", dependencies: ["CadenceLua", "CadenceCore", "CLua"]),
    .testTarget(name: "CadenceArgumentsTests", dependencies: ["CadenceArguments"]),
    .testTarget(name: "CadenceFuzzingTests", dependencies: ["CadenceFuzzing"]),
    .testTarget(
      name: "CadenceStoreTests", dependencies: ["CadenceStore", "CadenceCore", "CSQLite"]),
    .testTarget(
      name: "CadenceEndToEndTests",
      dependencies: ["cadence", "CadenceCommands", "CadenceStore"]
    ),
  ]
)
