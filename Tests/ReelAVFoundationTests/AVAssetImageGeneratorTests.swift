import AVFoundationCompat
import Foundation
import Testing

@Suite("AVAssetImageGenerator")
struct AVAssetImageGeneratorTests {
  @Test("a file's frame at a time, fitted inside maximumSize; the time it belongs to")
  func fileFrames() async throws {
    let folder = try AVTestMedia.folder()
    let clip = try AVTestMedia.patternClip("clip.mp4", in: folder)
    let generator = AVAssetImageGenerator(asset: AVURLAsset(url: clip))
    #expect(!generator.appliesPreferredTrackTransform)
    #expect(generator.maximumSize == .zero)
    #expect(generator.requestedTimeToleranceBefore == .positiveInfinity)
    var actual = CMTime.invalid
    let image = try generator.copyCGImage(at: CMTime(value: 1, timescale: 2), actualTime: &actual)
    #expect(image.width == 320 && image.height == 240)
    #expect(actual == CMTime(value: 1, timescale: 2))
    let between = CMTime(value: 101, timescale: 200)  // 0.505 s, inside frame 15
    _ = try generator.copyCGImage(at: between, actualTime: &actual)
    #expect(actual == CMTime(value: 1, timescale: 2))
    generator.requestedTimeToleranceBefore = .zero
    generator.requestedTimeToleranceAfter = .zero
    _ = try generator.copyCGImage(at: between, actualTime: &actual)
    #expect(actual == between)
    generator.maximumSize = CGSize(width: 160, height: 160)
    let (small, _) = try await generator.image(at: .zero)
    #expect(small.width == 160 && small.height == 120)
  }

  @Test("a portrait clip is turned upright only with appliesPreferredTrackTransform")
  func portrait() throws {
    let folder = try AVTestMedia.folder()
    let clip = try AVTestMedia.patternClip("clip.mp4", in: folder)
    let portrait = try AVTestMedia.portrait(clip, in: folder, name: "portrait.mp4")
    let generator = AVAssetImageGenerator(asset: AVURLAsset(url: portrait))
    let stored = try generator.copyCGImage(at: .zero, actualTime: nil)
    #expect(stored.width == 320 && stored.height == 240)
    generator.appliesPreferredTrackTransform = true
    let upright = try generator.copyCGImage(at: .zero, actualTime: nil)
    #expect(upright.width == 240 && upright.height == 320)
  }

  @Test("1920×1080 inside 480×480 gives 480×270; a composition is drawn at its render size")
  func sizesAndCompositions() throws {
    let folder = try AVTestMedia.folder()
    let clip = try AVTestMedia.flatClip(
      "hd.mp4", in: folder, color: "navy", size: "1920x1080", seconds: 0.3, rate: 10)
    let asset = AVURLAsset(url: clip)
    let generator = AVAssetImageGenerator(asset: asset)
    generator.maximumSize = CGSize(width: 480, height: 480)
    let thumbnail = try generator.copyCGImage(at: .zero, actualTime: nil)
    #expect(thumbnail.width == 480 && thumbnail.height == 270)
    let video = try #require(asset.tracks(withMediaType: .video).first)
    let composition = AVMutableComposition()
    let track = try #require(
      composition.addMutableTrack(withMediaType: .video, preferredTrackID: 0))
    try track.insertTimeRange(video.timeRange, of: video, at: .zero)
    let videoComposition = AVMutableVideoComposition(propertiesOf: composition)
    videoComposition.renderSize = CGSize(width: 640, height: 360)
    let layer = AVMutableVideoCompositionLayerInstruction(assetTrack: track)
    layer.setTransform(CGAffineTransform(scaleX: 1.0 / 3, y: 1.0 / 3), at: .zero)
    let instruction = AVMutableVideoCompositionInstruction()
    instruction.timeRange = CMTimeRange(start: .zero, duration: composition.duration)
    instruction.layerInstructions = [layer]
    videoComposition.instructions = [instruction]
    let drawn = AVAssetImageGenerator(asset: composition)
    drawn.videoComposition = videoComposition
    let frame = try drawn.copyCGImage(at: .zero, actualTime: nil)
    #expect(frame.width == 640 && frame.height == 360)
    do {
      _ = try AVAssetImageGenerator(
        asset: AVURLAsset(url: folder.appendingPathComponent("none.mp4"))
      )
      .copyCGImage(at: .zero, actualTime: nil)
      Issue.record("a missing file should fail")
    } catch let error as NSError {
      #expect(error.domain == AVFoundationErrorDomain)
    }
  }
}
