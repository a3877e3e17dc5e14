// swift-tools-version:6.0
// The benchmark programs: a package of their own (as swift-nio keeps its benchmarks), so the
// root package builds and tests without them and its products are all a user gets. Built by
// `make bench` as
//   cd Benchmarks && swift build -c release --product ReelBenchmarks
// They reach the Reel internals they measure through `@_spi(Benchmarks)` imports, and call
// swscale and libyuv (the peers they are measured against) through the root package's
// system-library products, so no C module is declared twice.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which is whatever the clone is called.
let rootPackage = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
  name: "ReelBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: "..")],
  targets: [
    .executableTarget(
      name: "ReelBenchmarks",
      dependencies: [
        .product(name: "ReelCore", package: rootPackage),
        .product(name: "ReelMedia", package: rootPackage),
        .product(name: "ReelGraphics", package: rootPackage),
        .product(name: "Reel", package: rootPackage),
        .product(name: "ReelProject", package: rootPackage),
        .product(name: "AVFoundationCompat", package: rootPackage),
        .product(name: "CFFmpeg", package: rootPackage),
        .product(name: "CYUV", package: rootPackage),
      ])
  ],
  swiftLanguageModes: [.v6]
)
