// The one import a ported file uses instead of `import AVFoundation`, `UIKit`, `CoreMedia`,
// `QuartzCore` or `CoreVideo`: Apple's own frameworks on Apple platforms, Reel's
// `ReelAVFoundation` (the same names over Reel's engine) on Linux. See docs/avfoundation.md.

#if canImport(AVFoundation)
  @_exported import AVFoundation
  @_exported import CoreMedia
  @_exported import QuartzCore
  #if canImport(UIKit)
    @_exported import UIKit
  #elseif canImport(AppKit)
    @_exported import AppKit
  #endif
#else
  @_exported import ReelAVFoundation
#endif
