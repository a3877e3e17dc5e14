import AVFoundationCompat
import Foundation
import Reel
import TestSupport
import Testing

@testable import ReelAVFoundation
@testable import ReelGraphics

/// lottie-ios's names over Reel's `lottie` kind: a `LottieAnimationLayer` on an exported video
/// shows, at each video frame, rlottie's own drawing of the animation frame the time maps to.
@Suite("LottieAnimationLayer")
struct LottieAnimationLayerTests {
  /// A 160×120 animation of 60 frames at 30 fps: an orange square moving from x = 20 to
  /// x = 140 and growing from 20 to 50 pixels, so that every frame differs.
  static let json = """
    {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 160, "h": 120, "nm": "test", "ddd": 0,
     "assets": [], "layers": [
      {"ddd": 0, "ind": 1, "ty": 4, "nm": "box", "sr": 1, "ao": 0, "ip": 0, "op": 60, "st": 0,
       "ks": {"o": {"a": 0, "k": 100}, "r": {"a": 0, "k": 0}, "a": {"a": 0, "k": [0, 0, 0]},
              "s": {"a": 0, "k": [100, 100, 100]},
              "p": {"a": 1, "k": [
                {"t": 0, "s": [20, 60, 0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
                {"t": 59, "s": [140, 60, 0]}]}},
       "shapes": [{"ty": "gr", "nm": "g", "it": [
         {"ty": "rc", "d": 1, "p": {"a": 0, "k": [0, 0]}, "r": {"a": 0, "k": 0},
          "s": {"a": 1, "k": [
            {"t": 0, "s": [20, 20], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
            {"t": 59, "s": [50, 50]}]}},
         {"ty": "fl", "c": {"a": 0, "k": [1, 0.5, 0, 1]}, "o": {"a": 0, "k": 100}, "r": 1},
         {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]},
          "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}]}
     ]}
    """

  /// rlottie's own drawing of every frame at 160×120 (the JSON as written, handed straight to
  /// rlottie), as RGB over black.
  static let reference: [[UInt8]] = {
    guard let handle = LottieAnimationHandle(json: json) else { return [] }
    return (0..<handle.frameCount).compactMap { frame in
      guard var image = try? ReelCore.Image.allocating(width: 160, height: 120) else { return nil }
      handle.render(frame: frame, into: &image)
      var rgb: [UInt8] = []
      for y in 0..<120 {
        for x in 0..<160 {
          let pixel = image[x: x, y: y]
          rgb += [pixel.red, pixel.green, pixel.blue]
        }
      }
      return rgb
    }
  }()

  static func meanDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
    var total = 0
    for index in a.indices { total += abs(Int(a[index]) - Int(b[index])) }
    return Double(total) / Double(a.count)
  }

  /// The animation written to a fresh folder, loaded as an iOS app does.
  static func animation() throws -> ReelAVFoundation.LottieAnimation {
    let folder = try TestSupport.makeTemporaryDirectory("reel-lottie-avf")
    let file = folder.appendingPathComponent("box.json")
    try Data(json.utf8).write(to: file)
    return try #require(ReelAVFoundation.LottieAnimation.filepath(file.path))
  }

  @Test("An exported video shows rlottie's frame for each time (speed 1.5, looping frames 10…50)")
  func export() async throws {
    let references = Self.reference
    try #require(references.count == 60, "rlottie parses the test animation")
    let folder = try AVTestMedia.folder()
    let source = try AVTestMedia.flatClip(
      "black.mp4", in: folder, color: "0x000000", size: "160x120", seconds: 1)
    let asset = AVURLAsset(url: source)
    let composition = AVMutableComposition()
    let range = CMTimeRange(start: .zero, duration: asset.duration)
    let track = try #require(
      composition.addMutableTrack(
        withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid))
    try track.insertTimeRange(
      range, of: try #require(asset.tracks(withMediaType: .video).first), at: .zero)

    let size = CGSize(width: 160, height: 120)
    let parent = CALayer()
    parent.frame = CGRect(origin: .zero, size: size)
    let videoLayer = CALayer()
    videoLayer.frame = parent.frame
    parent.addSublayer(videoLayer)
    let lottie = LottieAnimationLayer(animation: try Self.animation())
    #expect(lottie.frame == CGRect(x: 0, y: 0, width: 160, height: 120))
    lottie.animationSpeed = 1.5
    lottie.play(fromFrame: 10, toFrame: 50, loopMode: .loop)
    parent.addSublayer(lottie)

    let videoComposition = AVMutableVideoComposition()
    videoComposition.renderSize = size
    videoComposition.frameDuration = CMTime(value: 1, timescale: 30)
    videoComposition.animationTool = AVVideoCompositionCoreAnimationTool(
      postProcessingAsVideoLayer: videoLayer, in: parent)
    let instruction = AVMutableVideoCompositionInstruction()
    instruction.timeRange = range
    instruction.layerInstructions = [AVMutableVideoCompositionLayerInstruction(assetTrack: track)]
    videoComposition.instructions = [instruction]
    let session = try #require(
      AVAssetExportSession(asset: composition, presetName: AVAssetExportPresetHighestQuality))
    let output = folder.appendingPathComponent("lottie.mp4")
    session.videoComposition = videoComposition
    session.outputFileType = .mp4
    session.outputURL = output
    await AVTestMedia.export(session)
    try #require(session.status == .completed, "\(String(describing: session.error))")

    let frames = try AVTestMedia.frames(output)
    try #require(frames.count == 30)
    // Movie frame k shows animation frame 10 + ⌊1.5 k⌋ mod 40.
    for k in [0, 1, 7, 20, 26, 27, 29] {
      let expected = 10 + (k * 3 / 2) % 40
      let difference = Self.meanDifference(frames[k].bytes, references[expected])
      // H.264 4:2:0 blurs the square's edges a little; a frame 7 away is far off.
      #expect(difference <= 2, "video frame \(k): mean |Δ| \(difference) from frame \(expected)")
      let wrong = Self.meanDifference(frames[k].bytes, references[(expected + 7) % 60])
      #expect(wrong > 4, "video frame \(k) matches frame \((expected + 7) % 60) too (\(wrong))")
    }
  }

  @Test("Not played, the layer shows currentFrame; what Reel cannot play fails, naming it")
  func stillAndRefused() throws {
    let animation = try Self.animation()
    #expect(animation.startFrame == 0 && animation.endFrame == 60 && animation.framerate == 30)
    #expect(animation.duration == 2 && animation.size == CGSize(width: 160, height: 120))
    let size = CGSize(width: 160, height: 120)
    let layer = LottieAnimationLayer(animation: animation)
    layer.currentProgress = 0.5
    let tool = CATestSupport.tool(size: size, sublayers: [layer])
    for seconds in [0.0, 1.5] {
      let image = try CATestSupport.render(tool, size: size, at: seconds)
      var rgb: [UInt8] = []
      for y in 0..<120 {
        for x in 0..<160 {
          let pixel = image[x: x, y: y]
          rgb += [pixel.red, pixel.green, pixel.blue]
        }
      }
      #expect(Self.meanDifference(rgb, Self.reference[30]) <= 1, "at \(seconds) s")
    }
    layer.loopMode = .autoReverse
    layer.play()
    #expect(CATestSupport.failure(tool, size: size)?.reason.contains(".autoReverse") == true)
    layer.play(fromFrame: 40, toFrame: 20, loopMode: .loop)
    #expect(CATestSupport.failure(tool, size: size)?.reason.contains("forwards only") == true)
  }
}
