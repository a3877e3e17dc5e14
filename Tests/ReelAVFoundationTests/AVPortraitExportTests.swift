import AVFoundationCompat
import Foundation
import Testing

// Seed 000's starter helpers, as the tutorial's project has them.
private func orientation(from transform: CGAffineTransform) -> (isPortrait: Bool, rotation: Int) {
  if transform.a == 0 && transform.b == 1.0 && transform.c == -1.0 && transform.d == 0 {
    return (true, 90)
  } else if transform.a == 0 && transform.b == -1.0 && transform.c == 1.0 && transform.d == 0 {
    return (true, 270)
  } else if transform.a == -1.0 && transform.b == 0 && transform.c == 0 && transform.d == -1.0 {
    return (false, 180)
  }
  return (false, 0)
}

private func compositionLayerInstruction(for track: AVCompositionTrack, assetTrack: AVAssetTrack)
  -> AVMutableVideoCompositionLayerInstruction
{
  let instruction = AVMutableVideoCompositionLayerInstruction(assetTrack: track)
  let transform = assetTrack.preferredTransform
  instruction.setTransform(transform, at: .zero)
  return instruction
}

@Suite("Portrait export through the AVFoundation API", .serialized)
struct AVPortraitExportTests {
  @Test("seed 000's composition of a phone's portrait clip: upright 240×320, left edge on top")
  func portraitExport() async throws {
    let folder = try AVTestMedia.folder()
    // Coded 320×240: left half red, right half blue.
    let landscape = try AVTestMedia.clip(
      "halves.mp4", in: folder,
      video:
        "color=c=red:size=320x240:rate=30:duration=1,drawbox=x=160:y=0:w=160:h=240:color=blue:t=fill",
      audio: "sine=frequency=440:sample_rate=48000:duration=1")
    let tagged = try AVTestMedia.portrait(landscape, in: folder, name: "tagged.mp4")
    let phone = try AVTestMedia.settingTranslation(of: tagged, tx: 240, ty: 0, name: "phone.mp4")

    let asset = AVURLAsset(url: phone)
    let composition = AVMutableComposition()
    let compositionTrack = try #require(
      composition.addMutableTrack(
        withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid))
    let assetTrack = try #require(asset.tracks(withMediaType: .video).first)
    let timeRange = CMTimeRange(start: .zero, duration: asset.duration)
    try compositionTrack.insertTimeRange(timeRange, of: assetTrack, at: .zero)
    if let audioAssetTrack = asset.tracks(withMediaType: .audio).first,
      let compositionAudioTrack = composition.addMutableTrack(
        withMediaType: .audio, preferredTrackID: kCMPersistentTrackID_Invalid)
    {
      try compositionAudioTrack.insertTimeRange(timeRange, of: audioAssetTrack, at: .zero)
    }
    compositionTrack.preferredTransform = assetTrack.preferredTransform
    let videoInfo = orientation(from: assetTrack.preferredTransform)
    #expect(videoInfo.isPortrait)
    let videoSize: CGSize
    if videoInfo.isPortrait {
      videoSize = CGSize(width: assetTrack.naturalSize.height, height: assetTrack.naturalSize.width)
    } else {
      videoSize = assetTrack.naturalSize
    }
    let videoComposition = AVMutableVideoComposition()
    videoComposition.renderSize = videoSize
    videoComposition.frameDuration = CMTime(value: 1, timescale: 30)
    let instruction = AVMutableVideoCompositionInstruction()
    instruction.timeRange = CMTimeRange(start: .zero, duration: composition.duration)
    videoComposition.instructions = [instruction]
    let layerInstruction = compositionLayerInstruction(
      for: compositionTrack, assetTrack: assetTrack)
    instruction.layerInstructions = [layerInstruction]

    let output = folder.appendingPathComponent("portrait.mov")
    let export = try #require(
      AVAssetExportSession(asset: composition, presetName: AVAssetExportPresetHighestQuality))
    export.videoComposition = videoComposition
    export.outputFileType = .mov
    export.outputURL = output
    await AVTestMedia.export(export)
    #expect(export.status == .completed, "\(String(describing: export.error))")
    let size = try AVTestMedia.videoSize(output)
    #expect(size.width == 240 && size.height == 320)
    let frame = try #require(try AVTestMedia.frames(output).first)
    // (x, y) → (240 − y, x): the coded left half (red) lands on top, the right (blue) below.
    let top = frame.mean(x: 16, y: 16, width: 208, height: 128)
    let bottom = frame.mean(x: 16, y: 176, width: 208, height: 128)
    #expect(top.r > 200 && top.b < 50, "\(top)")
    #expect(bottom.b > 200 && bottom.r < 50, "\(bottom)")
  }
}
