// filtered-look INPUT OUTPUT.mp4 [INTENSITY]
//   Exports INPUT with a sepia look (Core Image's CISepiaTone, default intensity 0.8) through
//   AVVideoComposition(asset:applyingCIFiltersWithHandler:), the way apps add a look to a clip.

import AVFoundationCompat

let arguments = CommandLine.arguments
guard arguments.count == 3 || arguments.count == 4 else {
  print("usage: filtered-look INPUT OUTPUT.mp4 [INTENSITY]")
  exit(2)
}
let intensity = arguments.count == 4 ? Double(arguments[3]) ?? 0.8 : 0.8
let asset = AVURLAsset(url: URL(fileURLWithPath: arguments[1]))

guard let sepia = CIFilter(name: "CISepiaTone") else {
  print("failed: no CISepiaTone filter")
  exit(1)
}
let look = AVVideoComposition(asset: asset) { request in
  // Clamp first so the edges keep their colour, then crop back to the frame.
  sepia.setValue(request.sourceImage.clampedToExtent(), forKey: kCIInputImageKey)
  sepia.setValue(intensity, forKey: kCIInputIntensityKey)
  guard let output = sepia.outputImage?.cropped(to: request.sourceImage.extent) else {
    request.finish(with: NSError(domain: "FilteredLook", code: 1))
    return
  }
  request.finish(with: output, context: nil)
}

guard
  let export = AVAssetExportSession(asset: asset, presetName: AVAssetExportPresetHighestQuality)
else {
  print("failed: no export session")
  exit(1)
}
export.outputURL = URL(fileURLWithPath: arguments[2])
export.outputFileType = .mp4
export.videoComposition = look
export.exportAsynchronously {
  switch export.status {
  case .completed:
    print("wrote \(arguments[2])")
    exit(0)
  default:
    print("failed: \(export.error.map { "\($0)" } ?? "status \(export.status.rawValue)")")
    exit(1)
  }
}
dispatchMain()
