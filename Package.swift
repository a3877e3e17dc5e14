// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Reel",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ReelCore", targets: ["ReelCore"]),
    .library(name: "ReelMedia", targets: ["ReelMedia"]),
    .library(name: "ReelGraphics", targets: ["ReelGraphics"]),
    .library(name: "ReelAnimation", targets: ["ReelAnimation"]),
    .library(name: "Reel", targets: ["Reel"]),
    .library(name: "ReelProject", targets: ["ReelProject"]),
    // Apple's API names over Reel, and the one import a ported file uses instead of
    // AVFoundation / QuartzCore / CoreMedia / UIKit (docs/avfoundation.md).
    .library(name: "ReelAVFoundation", targets: ["ReelAVFoundation"]),
    .library(name: "AVFoundationCompat", targets: ["AVFoundationCompat"]),
    .executable(name: "reel", targets: ["ReelCLI"]),
    // The C libraries Reel wraps, for the benchmarks in Benchmarks/ (a package of their own)
    // to call swscale and libyuv as peers without declaring the modules a second time.
    .library(name: "CFFmpeg", targets: ["CFFmpeg"]),
    .library(name: "CYUV", targets: ["CYUV"]),
  ],
  targets: [
    // MARK: - System libraries
    .systemLibrary(
      name: "CFFmpeg",
      pkgConfig: "libavformat",
      providers: [
        .apt([
          "libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev",
          "libswresample-dev", "libavfilter-dev",
        ])
      ]
    ),
    .systemLibrary(name: "CYUV", providers: [.apt(["libyuv-dev"])]),
    // libqrencode, for CIQRCodeGenerator (wrapped in ReelFilters' QRCodeSymbol).
    .systemLibrary(
      name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
    .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
    // libebur128, for loudness normalisation (wrapped in ReelMedia's LoudnessMeter).
    .systemLibrary(
      name: "CEBUR128", pkgConfig: "libebur128", providers: [.apt(["libebur128-dev"])]),
    .systemLibrary(
      name: "CLottie", pkgConfig: "rlottie", providers: [.apt(["librlottie-dev"])]),
    .systemLibrary(
      name: "CSoup", pkgConfig: "libsoup-3.0", providers: [.apt(["libsoup-3.0-dev"])]),
    .systemLibrary(
      name: "CGraphics",
      pkgConfig: "pangocairo",
      providers: [
        .apt(["libpango1.0-dev", "libcairo2-dev", "libpixman-1-dev", "libfontconfig-dev"])
      ]
    ),

    // MARK: - Modules
    .target(name: "CReelKernels"),
    .target(name: "ReelCore"),
    .target(
      name: "ReelMedia",
      dependencies: ["ReelCore", "CFFmpeg", "CYUV", "CCrypto", "CEBUR128", "CReelKernels"]),
    .target(
      name: "ReelGraphics", dependencies: ["ReelCore", "CGraphics", "CReelKernels", "CLottie"]),
    .target(name: "ReelAnimation", dependencies: ["ReelCore"]),
    .target(name: "ReelFilters", dependencies: ["ReelCore", "CReelKernels", "CQREncode"]),
    .target(
      name: "Reel", dependencies: ["ReelCore", "ReelMedia", "ReelGraphics", "ReelAnimation"]),
    .target(name: "ReelProject", dependencies: ["Reel", "ReelFilters"]),
    // The HTTP and WebSocket server `reel preview` runs on (libsoup 3): the one place
    // besides ReelMedia and ReelGraphics where C is called.
    .target(name: "ReelHTTP", dependencies: ["CSoup"]),
    // `reel preview`: the session (template, revisions, frames, audio, render job) and the
    // page, embedded in the binary.
    .target(
      name: "ReelPreview", dependencies: ["Reel", "ReelProject", "ReelHTTP"],
      resources: [
        .embedInCode("Page/index.html"), .embedInCode("Page/preview.js"),
        .embedInCode("Page/preview.css"),
      ]),
    .target(
      name: "ReelAVFoundation",
      dependencies: [
        "ReelCore", "ReelMedia", "ReelGraphics", "ReelAnimation", "ReelFilters", "Reel",
      ]),
    // On Apple platforms the shim re-exports Apple's own frameworks, so the package resolves
    // there without FFmpeg; only Linux builds Reel underneath it.
    .target(
      name: "AVFoundationCompat",
      dependencies: [.target(name: "ReelAVFoundation", condition: .when(platforms: [.linux]))]),
    .executableTarget(
      name: "ReelCLI", dependencies: ["Reel", "ReelProject", "ReelPreview", "ReelAVFoundation"]),

    // MARK: - AVFoundation code ported with one import changed (Examples/AVFoundation/)
    // Pre-Swift-6 code, as it was written for iOS: the Swift 5 language mode.
    .executableTarget(
      name: "BirthdayCard", dependencies: ["AVFoundationCompat"],
      path: "Examples/AVFoundation/BirthdayCard", swiftSettings: [.swiftLanguageMode(.v5)]),
    .executableTarget(
      name: "Subtitles", dependencies: ["AVFoundationCompat"],
      path: "Examples/AVFoundation/Subtitles", swiftSettings: [.swiftLanguageMode(.v5)]),
    .executableTarget(
      name: "CrossFade", dependencies: ["AVFoundationCompat"],
      path: "Examples/AVFoundation/CrossFade", swiftSettings: [.swiftLanguageMode(.v5)]),
    .executableTarget(
      name: "Borders", dependencies: ["AVFoundationCompat"],
      path: "Examples/AVFoundation/Borders", swiftSettings: [.swiftLanguageMode(.v5)]),
    .executableTarget(
      name: "Thumbnails", dependencies: ["AVFoundationCompat"],
      path: "Examples/AVFoundation/Thumbnails", swiftSettings: [.swiftLanguageMode(.v5)]),
    .executableTarget(
      name: "ImagesToVideo", dependencies: ["AVFoundationCompat"],
      path: "Examples/AVFoundation/ImagesToVideo", swiftSettings: [.swiftLanguageMode(.v5)]),
    .executableTarget(
      name: "ReverseClip", dependencies: ["AVFoundationCompat"],
      path: "Examples/AVFoundation/ReverseClip", swiftSettings: [.swiftLanguageMode(.v5)]),
    .executableTarget(
      name: "Reencode", dependencies: ["AVFoundationCompat"],
      path: "Examples/AVFoundation/Reencode", swiftSettings: [.swiftLanguageMode(.v5)]),
    .executableTarget(
      name: "FilteredLook", dependencies: ["AVFoundationCompat"],
      path: "Examples/AVFoundation/FilteredLook", swiftSettings: [.swiftLanguageMode(.v5)]),
    .executableTarget(
      name: "CustomDissolve", dependencies: ["AVFoundationCompat"],
      path: "Examples/AVFoundation/CustomDissolve", swiftSettings: [.swiftLanguageMode(.v5)]),
    .executableTarget(
      name: "GreenScreen", dependencies: ["AVFoundationCompat"],
      path: "Examples/AVFoundation/GreenScreen", swiftSettings: [.swiftLanguageMode(.v5)]),

    // MARK: - Test support
    .target(name: "TestSupport", dependencies: ["ReelCore"], path: "Tests/TestSupport"),

    // MARK: - Tests
    .testTarget(name: "ReelCoreTests", dependencies: ["ReelCore", "TestSupport"]),
    .testTarget(name: "ReelMediaTests", dependencies: ["ReelMedia", "TestSupport"]),
    .testTarget(name: "ReelGraphicsTests", dependencies: ["ReelGraphics", "TestSupport"]),
    .testTarget(name: "ReelAnimationTests", dependencies: ["ReelAnimation", "TestSupport"]),
    .testTarget(name: "ReelFiltersTests", dependencies: ["ReelFilters", "TestSupport"]),
    .testTarget(name: "ReelTests", dependencies: ["Reel", "TestSupport"]),
    .testTarget(
      name: "ReelProjectTests", dependencies: ["ReelProject", "TestSupport"], exclude: ["Fixtures"]),
    .testTarget(name: "ReelCLITests", dependencies: ["ReelCLI", "TestSupport"]),
    .testTarget(name: "ReelHTTPTests", dependencies: ["ReelHTTP", "TestSupport"]),
    // The preview's tests; Browser/ holds the Python + Selenium scripts of the page's tests.
    .testTarget(
      name: "ReelPreviewTests", dependencies: ["ReelPreview", "ReelProject", "TestSupport"],
      exclude: ["Browser"]),
    .testTarget(
      name: "ReelAVFoundationTests",
      dependencies: ["AVFoundationCompat", "ReelAVFoundation", "Reel", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
