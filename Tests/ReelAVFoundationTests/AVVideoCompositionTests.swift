import AVFoundationCompat
import Foundation
import Testing

@testable import ReelAVFoundation

// Seed 003's helper, verbatim: it must compile against the open classes.
extension AVMutableVideoCompositionInstruction {
  static func passThrough(trackId: CMPersistentTrackID, timeRange: CMTimeRange)
    -> AVMutableVideoCompositionInstruction
  {
    let layerInstruction = AVMutableVideoCompositionLayerInstruction()
    layerInstruction.trackID = trackId

    let instruction = AVMutableVideoCompositionInstruction()
    instruction.timeRange = timeRange
    instruction.layerInstructions = [layerInstruction]

    return instruction
  }
}

@Suite("AVMutableVideoComposition and AVMutableAudioMix")
struct AVVideoCompositionTests {
  static func seconds(_ value: Int64, _ timescale: Int32 = 1) -> CMTime {
    CMTime(value: value, timescale: timescale)
  }

  static func range(_ start: Int64, _ duration: Int64) -> CMTimeRange {
    CMTimeRange(start: seconds(start), duration: seconds(duration))
  }

  @Test("opacity ramps are linear, 1 before the first key, the last value after")
  func opacityRamp() {
    let layer = AVMutableVideoCompositionLayerInstruction()
    layer.setOpacityRamp(fromStartOpacity: 1, toEndOpacity: 0, timeRange: Self.range(2, 2))
    #expect(layer.reel.opacity(at: Self.seconds(1).time) == 1)
    #expect(layer.reel.opacity(at: Self.seconds(3).time) == 0.5)
    #expect(layer.reel.opacity(at: Self.seconds(5).time) == 0)
    var start: Float = -1
    var end: Float = -1
    var range = CMTimeRange.zero
    #expect(
      layer.getOpacityRamp(
        for: Self.seconds(3), startOpacity: &start, endOpacity: &end, timeRange: &range))
    #expect(start == 1 && end == 0 && range == Self.range(2, 2))
    #expect(
      !layer.getOpacityRamp(
        for: Self.seconds(5), startOpacity: &start, endOpacity: &end, timeRange: &range))
    #expect(start == 0)
    layer.setOpacity(0.25, at: Self.seconds(6))
    #expect(layer.reel.opacity(at: Self.seconds(7).time) == 0.25)
  }

  @Test("transform and crop ramps blend linearly; transforms are y-down pixels")
  func transformAndCrop() {
    let layer = AVMutableVideoCompositionLayerInstruction()
    layer.setTransformRamp(
      fromStart: .identity, toEnd: CGAffineTransform(translationX: 100, y: 0),
      timeRange: Self.range(0, 2))
    #expect(layer.reel.transform(at: Self.seconds(1).time).tx == 50)
    var start = CGAffineTransform.identity
    var end = CGAffineTransform.identity
    #expect(layer.getTransformRamp(for: Self.seconds(1), start: &start, end: &end, timeRange: nil))
    #expect(end.tx == 100)
    layer.setCropRectangleRamp(
      fromStartCropRectangle: CGRect(x: 0, y: 0, width: 100, height: 100),
      toEndCropRectangle: CGRect(x: 20, y: 0, width: 60, height: 100), timeRange: Self.range(0, 2))
    #expect(layer.reel.cropRectangle(at: Self.seconds(1).time)?.origin.x == 10)
    #expect(layer.reel.cropRectangle(at: Self.seconds(1).time)?.size.width == 80)
    layer.setCropRectangle(CGRect(x: 1, y: 2, width: 3, height: 4), at: Self.seconds(3))
    var crop = CGRect.zero
    _ = layer.getCropRectangleRamp(
      for: Self.seconds(4), startCropRectangle: &crop, endCropRectangle: nil, timeRange: nil)
    #expect(crop == CGRect(x: 1, y: 2, width: 3, height: 4))
    let track = AVMutableVideoCompositionLayerInstruction()
    track.trackID = 5
    #expect(track.trackID == 5)
  }

  /// A 10 s composition (a 1 s clip scaled to 10 s) and its video track's identifier.
  static func tenSeconds() throws -> (AVMutableComposition, CMPersistentTrackID) {
    let folder = try AVTestMedia.folder()
    let asset = AVURLAsset(
      url: try AVTestMedia.flatClip("c.mp4", in: folder, color: "gray", seconds: 1))
    let video = try #require(asset.tracks(withMediaType: .video).first)
    let composition = AVMutableComposition()
    let track = try #require(
      composition.addMutableTrack(withMediaType: .video, preferredTrackID: 3))
    try track.insertTimeRange(video.timeRange, of: video, at: .zero)
    composition.scaleTimeRange(
      CMTimeRange(start: .zero, duration: video.timeRange.duration), toDuration: seconds(10))
    #expect(composition.duration == seconds(10))
    return (composition, track.trackID)
  }

  static func videoComposition(_ ranges: [CMTimeRange], track: CMPersistentTrackID)
    -> AVMutableVideoComposition
  {
    let video = AVMutableVideoComposition()
    video.renderSize = CGSize(width: 320, height: 240)
    video.frameDuration = CMTime(value: 1, timescale: 30)
    video.instructions = ranges.map {
      AVMutableVideoCompositionInstruction.passThrough(trackId: track, timeRange: $0)
    }
    return video
  }

  @Test("instructions must tile the composition: gaps, overlaps and short lists fail with -11841")
  func tiling() throws {
    let (composition, track) = try Self.tenSeconds()
    let timeline = try composition.reelTimeline()
    let good = Self.videoComposition([Self.range(0, 5), Self.range(5, 5)], track: track)
    let reel = try good.reelVideoComposition(for: timeline)
    #expect(reel.instructions.count == 2)
    for (ranges, word) in [
      ([Self.range(0, 5), Self.range(6, 4)], "gap"),
      ([Self.range(0, 6), Self.range(5, 5)], "overlap"),
      ([Self.range(0, 9)], "9"),
    ] {
      let bad = Self.videoComposition(ranges, track: track)
      #expect(throws: CompatFailure.self) { try bad.reelVideoComposition(for: timeline) }
      do throws(CompatFailure) {
        _ = try bad.reelVideoComposition(for: timeline)
      } catch {
        #expect(error.code == .invalidVideoComposition)
        #expect(error.nsError.code == -11841)
        #expect(error.nsError.localizedDescription == "The video could not be composed.")
        #expect(error.reason.contains(word), "\(error.reason)")
      }
    }
    let unknown = Self.videoComposition([Self.range(0, 10)], track: 42)
    #expect(throws: CompatFailure.self) { try unknown.reelVideoComposition(for: timeline) }
  }

  @Test("init(propertiesOf:) gives Apple's defaults: render size, frame duration, one instruction")
  func propertiesOf() throws {
    let folder = try AVTestMedia.folder()
    let url = try AVTestMedia.patternClip("clip.mp4", in: folder)
    let asset = AVURLAsset(url: url)
    let video = AVMutableVideoComposition(propertiesOf: asset)
    #expect(video.renderSize == CGSize(width: 320, height: 240))
    #expect(video.frameDuration == CMTime(value: 1, timescale: 30))
    #expect(video.renderScale == 1)
    #expect(video.instructions.count == 1)
    let instruction = try #require(video.instructions.first as? AVVideoCompositionInstruction)
    #expect(instruction.timeRange.start == .zero)
    #expect(instruction.layerInstructions.map(\.trackID) == [1])
    #expect(instruction.backgroundColor == nil)
    #expect(instruction.enablePostProcessing)
    let portrait = try AVTestMedia.portrait(url, in: folder, name: "portrait.mp4")
    #expect(
      AVVideoComposition(propertiesOf: AVURLAsset(url: portrait)).renderSize
        == CGSize(width: 240, height: 320))
  }

  @Test("audio mix volumes: 1 before the first key, steps, linear ramps, the last value after")
  func audioMix() throws {
    let parameters = AVMutableAudioMixInputParameters(track: nil)
    parameters.trackID = 2
    parameters.setVolume(1, at: .zero)
    parameters.setVolumeRamp(fromStartVolume: 0.5, toEndVolume: 0.2, timeRange: Self.range(4, 5))
    #expect(parameters.reel.volume(at: Self.seconds(2).time) == 1)
    #expect(parameters.reel.volume(at: Self.seconds(4).time) == 0.5)
    #expect(abs(parameters.reel.volume(at: Self.seconds(13, 2).time) - 0.35) < 1e-6)
    #expect(abs(parameters.reel.volume(at: Self.seconds(10).time) - 0.2) < 1e-6)
    var start: Float = 0
    var end: Float = 0
    #expect(
      parameters.getVolumeRamp(
        for: Self.seconds(5), startVolume: &start, endVolume: &end, timeRange: nil))
    #expect(start == 0.5 && end == 0.2)
    let mix = AVMutableAudioMix()
    mix.inputParameters = [parameters]
    #expect(mix.inputParameters.first?.trackID == 2)
    let (composition, _) = try Self.tenSeconds()
    let timeline = try composition.reelTimeline()
    // Parameters for a track the composition does not have are ignored, as on Apple.
    #expect(mix.reelAudioMix(for: timeline).inputParameters.isEmpty)
  }
}
