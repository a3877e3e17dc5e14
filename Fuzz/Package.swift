// swift-tools-version:6.0
// The fuzz targets: a package of their own, so the root package's `swift build` never links
// an executable whose `main` only libFuzzer provides. Built and run by `make fuzz`
// (scripts/fuzz.sh) as
//   swift build --product FuzzTemplate --sanitize=fuzzer --scratch-path .build/fuzz
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which is whatever the clone is called.
let rootPackage = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
  name: "ReelFuzz",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: "..")],
  targets: [
    .executableTarget(
      name: "FuzzTemplate",
      dependencies: [.product(name: "ReelProject", package: rootPackage)]),
    .executableTarget(
      name: "FuzzMedia",
      dependencies: [.product(name: "ReelMedia", package: rootPackage)]),
    .executableTarget(
      name: "FuzzLottie",
      dependencies: [.product(name: "ReelGraphics", package: rootPackage)]),
  ],
  swiftLanguageModes: [.v6]
)
