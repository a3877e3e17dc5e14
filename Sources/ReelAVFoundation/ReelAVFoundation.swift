// ReelAVFoundation: Apple's AVFoundation, Core Animation, CoreMedia, CoreGraphics and UIKit
// names over Reel, so AVFoundation export code runs on Linux with one import changed
// (`import AVFoundationCompat`). The classes are reference types as on Apple; when an export
// starts they are snapshotted into Reel's value model (`Composition`, `VideoComposition`,
// `AudioMix`, `LayerTree`). Reel's own names never leak: Reel is imported `internal`.
//
// Folders follow Apple's frameworks: `CoreMedia/`, `CoreGraphics/`, `UIKit/`, `QuartzCore/`,
// `AVFoundation/` (assets, composition, video composition, audio mix, export, image
// generator, errors); `Support/` holds the run-time warnings.

// Apple's AVFoundation re-exports Foundation (and with it Dispatch): ported files rely on it.
@_exported import Foundation
