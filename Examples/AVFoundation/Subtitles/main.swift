// A command-line driver for seed 004's subtitle builder:
//   subtitles VIDEO FONT_FILE OUTPUT.mp4 [TEXT]
// Lays one subtitle (TEXT, default "你好，世界") from 1.01 s for 2 s over VIDEO, in the
// font file FONT_FILE, white with a black outline, in the text rectangle
// (40, height − 100, width − 80, 60) measured from the top (the seed's y = height − h/2 − y
// turns it into the tool's y-up space), at 25 fps.

import AVFoundationCompat

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 3 || arguments.count == 4 else {
  FileHandle.standardError.write(Data("usage: subtitles VIDEO FONT_FILE OUTPUT.mp4 [TEXT]\n".utf8))
  exit(2)
}
let asset = AVURLAsset(url: URL(fileURLWithPath: arguments[0]))
let output = URL(fileURLWithPath: arguments[2])
let text = arguments.count == 4 ? arguments[3] : "你好，世界"

guard let assetTrack = asset.tracks(withMediaType: .video).first else {
  print("No video track in \(arguments[0])")
  exit(1)
}
let composition = AVMutableComposition()
let timeRange = CMTimeRange(start: .zero, duration: asset.duration)
guard
  let compositionTrack = composition.addMutableTrack(
    withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid)
else {
  exit(1)
}
do {
  try compositionTrack.insertTimeRange(timeRange, of: assetTrack, at: .zero)
} catch {
  print("Cannot insert the video: \(error)")
  exit(1)
}
let size = assetTrack.naturalSize

let parentLayer = CALayer()
parentLayer.frame = CGRect(origin: .zero, size: size)
let videoLayer = CALayer()
videoLayer.frame = CGRect(origin: .zero, size: size)
parentLayer.addSublayer(videoLayer)

let textRect = CGRect(x: 40, y: size.height - 100, width: size.width - 80, height: 60)
if let subtitle = FLLayerBuilder().buildLayerbuildTxt(
  text, textSize: 40, textColor: .white, strokeColor: .black, opacity: 1, textRect: textRect,
  fontPath: arguments[1], viewBounds: size, startTime: 1.01, duration: 2.0)
{
  parentLayer.addSublayer(subtitle)
}

let videoComposition = AVMutableVideoComposition()
videoComposition.renderSize = size
videoComposition.frameDuration = CMTime(value: 1, timescale: 25)
videoComposition.animationTool = AVVideoCompositionCoreAnimationTool(
  postProcessingAsVideoLayer: videoLayer, in: parentLayer)
let instruction = AVMutableVideoCompositionInstruction()
instruction.timeRange = timeRange
instruction.layerInstructions = [
  AVMutableVideoCompositionLayerInstruction(assetTrack: compositionTrack)
]
videoComposition.instructions = [instruction]

guard
  let export = AVAssetExportSession(
    asset: composition, presetName: AVAssetExportPresetHighestQuality)
else {
  exit(1)
}
export.videoComposition = videoComposition
export.outputFileType = .mp4
export.outputURL = output
export.exportAsynchronously {
  if export.status == .completed {
    print("Wrote \(output.path)")
    exit(0)
  }
  print("Export failed: \(String(describing: export.error))")
  exit(1)
}

dispatchMain()
