// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Reel",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ReelCore", targets: ["ReelCore"]),
    .library(name: "ReelMedia", targets: ["ReelMedia"]),
    .executable(name: "reel", targets: ["ReelCLI"]),
  ],
  targets: [
    // MARK: - System libraries
    .systemLibrary(
      name: "CFFmpeg",
      pkgConfig: "libavformat",
      providers: [
        .apt([
          "libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev",
          "libswresample-dev",
        ])
      ]
    ),
    .systemLibrary(name: "CYUV", providers: [.apt(["libyuv-dev"])]),

    // MARK: - Modules
    .target(name: "ReelCore"),
    .target(name: "ReelMedia", dependencies: ["ReelCore", "CFFmpeg", "CYUV"]),
    .executableTarget(name: "ReelCLI", dependencies: ["ReelCore", "ReelMedia"]),

    // MARK: - Test support
    .target(name: "TestSupport", dependencies: ["ReelCore"], path: "Tests/TestSupport"),

    // MARK: - Tests
    .testTarget(name: "ReelCoreTests", dependencies: ["ReelCore", "TestSupport"]),
    .testTarget(name: "ReelMediaTests", dependencies: ["ReelMedia", "TestSupport"]),
    .testTarget(name: "ReelCLITests", dependencies: ["ReelCLI", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
