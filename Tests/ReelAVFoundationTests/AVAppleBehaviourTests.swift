import AVFoundationCompat
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ReelAVFoundation

/// Run-time behaviour where Reel used to differ from Apple's documentation (issue 25).
@Suite("AVFoundation run-time behaviour as Apple documents it", .serialized)
struct AVAppleBehaviourTests {
  static func seconds(_ value: Int64, _ timescale: Int32 = 1) -> CMTime {
    CMTime(value: value, timescale: timescale)
  }

  // MARK: Ramps

  @Test("set…(_:at:) is a flat ramp held until the next key: the getters answer true with it")
  func flatRamps() {
    let layer = AVMutableVideoCompositionLayerInstruction()
    let turn = CGAffineTransform(rotationAngle: .pi / 2)
    layer.setTransform(turn, at: .zero)
    var start = CGAffineTransform.identity
    var end = CGAffineTransform.identity
    var range = CMTimeRange.zero
    #expect(
      layer.getTransformRamp(for: Self.seconds(7), start: &start, end: &end, timeRange: &range))
    #expect(start == turn && end == turn)
    #expect(range.start == .zero && range.duration.flags.contains(.positiveInfinity))

    layer.setTransform(.identity, at: Self.seconds(4))
    #expect(
      layer.getTransformRamp(for: Self.seconds(1), start: &start, end: &end, timeRange: &range))
    #expect(
      start == turn && end == turn && range == CMTimeRange(start: .zero, duration: Self.seconds(4)))

    layer.setOpacity(0.5, at: Self.seconds(2))
    var opacity: Float = 0
    var endOpacity: Float = 0
    #expect(
      layer.getOpacityRamp(
        for: Self.seconds(9), startOpacity: &opacity, endOpacity: &endOpacity, timeRange: nil))
    #expect(opacity == 0.5 && endOpacity == 0.5)

    let crop = CGRect(x: 10, y: 20, width: 100, height: 50)
    layer.setCropRectangle(crop, at: .zero)
    var cropStart = CGRect.zero
    var cropEnd = CGRect.zero
    #expect(
      layer.getCropRectangleRamp(
        for: Self.seconds(3), startCropRectangle: &cropStart, endCropRectangle: &cropEnd,
        timeRange: nil))
    #expect(cropStart == crop && cropEnd == crop)

    // Beyond the last ramp set with a range: false, the end value held.
    let ramped = AVMutableVideoCompositionLayerInstruction()
    ramped.setOpacityRamp(
      fromStartOpacity: 1, toEndOpacity: 0,
      timeRange: CMTimeRange(start: .zero, duration: Self.seconds(2)))
    #expect(
      !ramped.getOpacityRamp(
        for: Self.seconds(3), startOpacity: &opacity, endOpacity: nil, timeRange: nil))
    #expect(opacity == 0)

    let volume = AVMutableAudioMixInputParameters(track: nil)
    volume.setVolume(0.25, at: .zero)
    var level: Float = 0
    #expect(
      volume.getVolumeRamp(
        for: Self.seconds(5), startVolume: &level, endVolume: nil, timeRange: nil))
    #expect(level == 0.25)
  }

  /// AVSimpleEditor's rotate command, then its crop command: each reads the transform in
  /// effect at the composition's duration and builds on it.
  @Test("rotate then crop (AVSimpleEditor): the second command reads the first's transform back")
  func rotateThenCrop() {
    let duration = Self.seconds(10)
    let layer = AVMutableVideoCompositionLayerInstruction()
    let size = CGSize(width: 320, height: 240)
    // Rotate: translate by the height, turn 90°.
    let rotate = CGAffineTransform(translationX: size.height, y: 0).rotated(by: .pi / 2)
    var existing = CGAffineTransform.identity
    if layer.getTransformRamp(for: duration, start: &existing, end: nil, timeRange: nil) {
      layer.setTransform(existing.concatenating(rotate), at: .zero)
    } else {
      layer.setTransform(rotate, at: .zero)
    }
    // Crop: shift by −20 points, on top of what is there.
    let shift = CGAffineTransform(translationX: 0, y: -20)
    var found = false
    if layer.getTransformRamp(for: duration, start: &existing, end: nil, timeRange: nil) {
      found = true
      layer.setTransform(existing.concatenating(shift), at: .zero)
    } else {
      layer.setTransform(shift, at: .zero)
    }
    #expect(found)
    let expected = rotate.concatenating(shift)
    var now = CGAffineTransform.identity
    #expect(layer.getTransformRamp(for: .zero, start: &now, end: nil, timeRange: nil))
    #expect(now == expected)
    let point = CGPoint(x: 10, y: 0).applying(
      CGAffineTransform(layer.reel.transform(at: Self.seconds(5).time)))
    #expect(abs(point.x - 240) < 1e-9 && abs(point.y - (10 - 20)) < 1e-9)
  }

  // MARK: Copies

  @Test("copy() and mutableCopy() are real copies of the right class, deep enough to edit")
  func copies() throws {
    let layer = AVMutableVideoCompositionLayerInstruction()
    layer.trackID = 3
    layer.setOpacity(0.5, at: .zero)
    let instruction = AVMutableVideoCompositionInstruction()
    instruction.timeRange = CMTimeRange(start: .zero, duration: Self.seconds(2))
    instruction.layerInstructions = [layer]
    let video = AVMutableVideoComposition()
    video.renderSize = CGSize(width: 320, height: 240)
    video.frameDuration = Self.seconds(1, 30)
    video.instructions = [instruction]

    let frozen = try #require(video.copy() as? AVVideoComposition)
    #expect(!(frozen is AVMutableVideoComposition) && frozen !== video)
    #expect(frozen.renderSize == video.renderSize && frozen.frameDuration == video.frameDuration)
    let editable = try #require(video.mutableCopy() as? AVMutableVideoComposition)
    editable.renderSize = CGSize(width: 640, height: 480)
    #expect(video.renderSize == CGSize(width: 320, height: 240))
    let copiedInstruction = try #require(
      editable.instructions.first as? AVMutableVideoCompositionInstruction)
    #expect(copiedInstruction !== instruction)
    copiedInstruction.timeRange = CMTimeRange(start: .zero, duration: Self.seconds(5))
    #expect(instruction.timeRange.duration == Self.seconds(2))
    let copiedLayer = try #require(
      copiedInstruction.layerInstructions.first as? AVMutableVideoCompositionLayerInstruction)
    copiedLayer.setOpacity(0.1, at: .zero)
    #expect(layer.reel.opacity(at: .zero) == 0.5 && copiedLayer.trackID == 3)

    let frozenInstruction = try #require(instruction.copy() as? AVVideoCompositionInstruction)
    #expect(!(frozenInstruction is AVMutableVideoCompositionInstruction))
    #expect(frozenInstruction.timeRange == instruction.timeRange)
    let frozenLayer = try #require(layer.copy() as? AVVideoCompositionLayerInstruction)
    #expect(!(frozenLayer is AVMutableVideoCompositionLayerInstruction))
    #expect(frozenLayer.trackID == 3)
    #expect(layer.mutableCopy() is AVMutableVideoCompositionLayerInstruction)

    let parameters = AVMutableAudioMixInputParameters(track: nil)
    parameters.trackID = 2
    parameters.setVolume(0.5, at: .zero)
    let mix = AVMutableAudioMix()
    mix.inputParameters = [parameters]
    let mixCopy = try #require(mix.mutableCopy() as? AVMutableAudioMix)
    let copiedParameters = try #require(
      mixCopy.inputParameters.first as? AVMutableAudioMixInputParameters)
    copiedParameters.setVolume(1, at: .zero)
    #expect(parameters.reel.volume(at: .zero) == 0.5 && copiedParameters.trackID == 2)
    #expect(!(mix.copy() is AVMutableAudioMix))

    let folder = try AVTestMedia.folder()
    let asset = AVURLAsset(url: try AVTestMedia.flatClip("c.mp4", in: folder, color: "gray"))
    let source = try #require(asset.tracks(withMediaType: .video).first)
    let composition = AVMutableComposition()
    let track = try #require(
      composition.addMutableTrack(withMediaType: .video, preferredTrackID: 7))
    try track.insertTimeRange(source.timeRange, of: source, at: .zero)
    track.preferredTransform = CGAffineTransform(rotationAngle: .pi)
    let immutable = try #require(composition.copy() as? AVComposition)
    #expect(!(immutable is AVMutableComposition))
    #expect(immutable.duration == composition.duration)
    #expect(immutable.tracks.map(\.trackID) == [7])
    #expect(immutable.tracks.first?.preferredTransform == track.preferredTransform)
    let mutable = try #require(composition.mutableCopy() as? AVMutableComposition)
    let mutableTrack = try #require(mutable.track(withTrackID: 7))
    try mutableTrack.insertTimeRange(source.timeRange, of: source, at: .zero)
    #expect(mutable.duration == CMTimeAdd(composition.duration, composition.duration))
    #expect(composition.duration == source.timeRange.duration)
    #expect(immutable.duration == source.timeRange.duration)
  }

  // MARK: Compositions as sources

  @Test("a range of a composition, or of its track, inserts into another composition")
  func compositionAsSource() async throws {
    let folder = try AVTestMedia.folder()
    let red = AVURLAsset(
      url: try AVTestMedia.flatClip("red.mp4", in: folder, color: "red", seconds: 1, audio: true))
    let blue = AVURLAsset(
      url: try AVTestMedia.flatClip("blue.mp4", in: folder, color: "blue", seconds: 1, audio: true))
    let first = AVMutableComposition()
    try first.insertTimeRange(
      CMTimeRange(start: .zero, duration: red.duration), of: red, at: .zero)
    try first.insertTimeRange(
      CMTimeRange(start: .zero, duration: blue.duration), of: blue, at: .invalid)
    #expect(first.duration == Self.seconds(2))

    // The whole composition as an asset: red 0…1, blue 1…2; take 0.5…1.5.
    let second = AVMutableComposition()
    try second.insertTimeRange(
      CMTimeRange(start: Self.seconds(1, 2), duration: Self.seconds(1)), of: first, at: .zero)
    #expect(second.duration == Self.seconds(1))
    #expect(second.tracks(withMediaType: .video).count == 1)
    #expect(second.tracks(withMediaType: .audio).count == 1)
    let segments = try #require(second.tracks(withMediaType: .video).first?.segments)
    #expect(segments.count == 2)
    #expect(segments.map { $0.timeMapping.target.start } == [.zero, Self.seconds(1, 2)])

    // One composition track into another's track, appended: blue then red again.
    let track = try #require(second.tracks(withMediaType: .video).first)
    let firstVideo = try #require(first.tracks(withMediaType: .video).first)
    try track.insertTimeRange(
      CMTimeRange(start: .zero, duration: Self.seconds(1, 2)), of: firstVideo, at: .invalid)
    #expect(track.timeRange.duration == Self.seconds(3, 2))
    // Editing the source afterwards does not change what was inserted.
    first.removeTimeRange(CMTimeRange(start: .zero, duration: Self.seconds(1)))
    #expect(track.timeRange.duration == Self.seconds(3, 2))

    let output = folder.appendingPathComponent("out.mp4")
    let session = try #require(
      AVAssetExportSession(asset: second, presetName: AVAssetExportPresetHighestQuality))
    session.outputURL = output
    session.outputFileType = .mp4
    await AVTestMedia.export(session)
    #expect(session.status == .completed, "\(String(describing: session.error))")
    let frames = try AVTestMedia.frames(output)
    #expect(abs(frames.count - 45) <= 1)
    func isRed(_ frame: MediaOracle.RGBFrame) -> Bool {
      frame[160, 120].r > 200 && frame[160, 120].b < 60
    }
    func isBlue(_ frame: MediaOracle.RGBFrame) -> Bool {
      frame[160, 120].b > 200 && frame[160, 120].r < 60
    }
    #expect(isRed(frames[5]) && isBlue(frames[20]) && isRed(frames[40]))
  }

  // MARK: The screen

  @Test("UIScreen.main is an iPhone 14 (390 × 844 points at scale 3); REEL_SCREEN parses")
  func screen() throws {
    let expected = UIScreen.StandIn.fromEnvironment(
      ProcessInfo.processInfo.environment["REEL_SCREEN"])
    #expect(
      UIScreen.main.bounds == CGRect(x: 0, y: 0, width: expected.width, height: expected.height))
    #expect(UIScreen.main.scale == CGFloat(expected.scale))
    #expect(UIScreen.StandIn.fromEnvironment(nil) == .iPhone)
    #expect(UIScreen.StandIn.iPhone == UIScreen.StandIn(width: 390, height: 844, scale: 3))
    #expect(
      UIScreen.StandIn.parse("390x844@3") == UIScreen.StandIn(width: 390, height: 844, scale: 3))
    #expect(
      UIScreen.StandIn.parse("1920x1080") == UIScreen.StandIn(width: 1920, height: 1080, scale: 1))
    for bad in ["", "390", "390x", "x844@3", "390x844@0", "390x844@9", "0x10", "390x844@3@1"] {
      #expect(UIScreen.StandIn.parse(bad) == nil, "\(bad)")
    }
    #expect(UIScreen.StandIn.fromEnvironment("nonsense") == .iPhone)
    #expect(CompatWarnings.printed.contains { $0.contains("REEL_SCREEN=nonsense") })
    // A render size taken from the screen is a valid one.
    let video = AVMutableVideoComposition()
    video.renderSize = UIScreen.main.bounds.size
    #expect(video.renderSize.width > 0 && video.renderSize.height > 0)
  }

  @Test("renderSize = UIScreen.main.bounds.size exports at the screen's size in points")
  func screenSizedExport() async throws {
    let folder = try AVTestMedia.folder()
    let asset = AVURLAsset(
      url: try AVTestMedia.flatClip("c.mp4", in: folder, color: "gray", seconds: 0.5))
    let source = try #require(asset.tracks(withMediaType: .video).first)
    let composition = AVMutableComposition()
    let track = try #require(
      composition.addMutableTrack(
        withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid))
    try track.insertTimeRange(source.timeRange, of: source, at: .zero)
    let video = AVMutableVideoComposition()
    video.renderSize = UIScreen.main.bounds.size
    video.frameDuration = Self.seconds(1, 30)
    let instruction = AVMutableVideoCompositionInstruction()
    instruction.timeRange = CMTimeRange(start: .zero, duration: composition.duration)
    instruction.layerInstructions = [AVMutableVideoCompositionLayerInstruction(assetTrack: track)]
    video.instructions = [instruction]
    let session = try #require(
      AVAssetExportSession(asset: composition, presetName: AVAssetExportPresetHighestQuality))
    session.outputURL = folder.appendingPathComponent("screen.mp4")
    session.outputFileType = .mp4
    session.videoComposition = video
    await AVTestMedia.export(session)
    let size = UIScreen.main.bounds.size
    #expect(session.status == .completed, "\(String(describing: session.error))")
    let written = try AVTestMedia.videoSize(folder.appendingPathComponent("screen.mp4"))
    #expect(written.width == Int(size.width) && written.height == Int(size.height))
  }

  // MARK: Lifetimes

  /// A weak reference to a session, as `[weak session]` keeps one.
  final class WeakSession: @unchecked Sendable {
    weak var session: AVAssetExportSession?
    init(_ session: AVAssetExportSession) { self.session = session }
  }

  @Test("a session captured weakly is still there for what its handler dispatches")
  func weakSessionAcrossQueues() async throws {
    let folder = try AVTestMedia.folder()
    let statusSeen = Mutex<AVAssetExportSession.Status?>(nil)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      do {
        let session = try AVAssetExportSessionTests.session(in: folder)
        session.outputURL = folder.appendingPathComponent("weak.mp4")
        session.outputFileType = .mp4
        let weakly = WeakSession(session)
        session.exportAsynchronously {
          DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) {
            statusSeen.withLock { $0 = weakly.session?.status }
            continuation.resume()
          }
        }
      } catch {
        Issue.record("\(error)")
        continuation.resume()
      }
    }
    #expect(statusSeen.withLock { $0 } == .completed)
  }

  @Test("an asset whose file is removed after the composition was built still exports")
  func removedFileStillExports() async throws {
    let folder = try AVTestMedia.folder()
    let url = try AVTestMedia.flatClip(
      "gone.mp4", in: folder, color: "0x3050C0", seconds: 1, audio: true)
    let asset = AVURLAsset(url: url)
    let composition = AVMutableComposition()
    try composition.insertTimeRange(
      CMTimeRange(start: .zero, duration: asset.duration), of: asset, at: .zero)
    try FileManager.default.removeItem(at: url)
    // Another file at the same path is not what the asset reads.
    _ = try AVTestMedia.flatClip("gone.mp4", in: folder, color: "white", seconds: 1)
    let output = folder.appendingPathComponent("out.mp4")
    let session = try #require(
      AVAssetExportSession(asset: composition, presetName: AVAssetExportPresetHighestQuality))
    session.outputURL = output
    session.outputFileType = .mp4
    await AVTestMedia.export(session)
    #expect(session.status == .completed, "\(String(describing: session.error))")
    let frames = try AVTestMedia.frames(output)
    #expect(abs(frames.count - 30) <= 1)
    let pixel = try #require(frames.last)[160, 120]
    #expect(abs(pixel.r - 0x30) <= 6 && abs(pixel.g - 0x50) <= 6 && abs(pixel.b - 0xC0) <= 6)
    #expect(try MediaOracle.streams(output).contains { $0["codec_type"] as? String == "audio" })
  }
}
