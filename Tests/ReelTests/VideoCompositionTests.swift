import Reel
import Testing

@Suite("Video composition")
struct VideoCompositionTests {
  /// A 10 s composition with one video track (ID 1).
  private func tenSeconds() throws -> (Composition, TrackID) {
    var composition = Composition()
    let id = composition.addTrack(.video)
    try composition.insertTimeRange(range(0, 10), of: videoSource(), at: .zero, into: id)
    return (composition, id)
  }

  private func video(_ ranges: [TimeRange], track: TrackID) -> VideoComposition {
    VideoComposition(
      renderSize: Size(width: 320, height: 240), frameDuration: time(1, 30),
      instructions: ranges.map { .passThrough(trackID: track, timeRange: $0) })
  }

  private func message(_ video: VideoComposition, _ composition: Composition) -> String? {
    do {
      try video.validate(against: composition)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func instructionsThatTileTheTimelineValidate() throws {
    let (composition, id) = try tenSeconds()
    let tiled = video([range(0, 5), range(5, 5)], track: id)
    try tiled.validate(against: composition)
    #expect(tiled.instruction(at: seconds(5))?.timeRange == range(5, 5))
    #expect(tiled.instruction(at: time(49, 10))?.timeRange == range(0, 5))
    #expect(tiled.instruction(at: seconds(10)) == nil)
    // Ending after the composition is allowed.
    try video([range(0, 12)], track: id).validate(against: composition)
  }

  @Test func aGapIsReportedWithIndexAndTimes() throws {
    let (composition, id) = try tenSeconds()
    #expect(
      message(video([range(0, 5), range(6, 4)], track: id), composition)
        == "instruction 1 starts at 6 s but instruction 0 ends at 5 s: instructions must leave no gap"
    )
  }

  @Test func anOverlapIsReportedWithIndexAndTimes() throws {
    let (composition, id) = try tenSeconds()
    #expect(
      message(video([range(0, 6), range(5, 5)], track: id), composition)
        == "instruction 1 starts at 5 s but instruction 0 ends at 6 s: instructions must not overlap"
    )
  }

  @Test func instructionsEndingEarlyAreReported() throws {
    let (composition, id) = try tenSeconds()
    #expect(
      message(video([range(0, 9)], track: id), composition)
        == "instruction 0 ends at 9 s but the composition lasts 10 s: the last instruction must reach the end of the composition"
    )
  }

  @Test func otherMistakesHavePreciseMessages() throws {
    let (composition, id) = try tenSeconds()
    #expect(
      message(video([range(1, 9)], track: id), composition)
        == "instruction 0 starts at 1 s: the first instruction must start at 0 s")
    #expect(
      message(video([], track: id), composition)
        == "the video composition has no instructions but the composition lasts 10 s: add instructions covering [0 s, 10 s)"
    )
    #expect(
      message(video([range(0, 10)], track: TrackID(rawValue: 7)), composition)
        == "instruction 0, layer instruction 0 names track 7, which is not a video track of the composition (video tracks: 1)"
    )
    var twice = video([range(0, 10)], track: id)
    twice.instructions[0].layerInstructions.append(LayerInstruction(trackID: id))
    #expect(
      message(twice, composition)
        == "instruction 0 names track 1 in two layer instructions: draw each track at most once per instruction"
    )
    var slow = video([range(0, 10)], track: id)
    slow.frameDuration = .zero
    #expect(message(slow, composition) == "frame duration 0 s is not positive: use, e.g., 1/30 s")
    var odd = video([range(0, 10)], track: id)
    odd.renderSize = Size(width: 321, height: 240)
    #expect(
      message(odd, composition)
        == "render size 321×240 has an odd dimension, which 4:2:0 video cannot encode: use 320×240 or 322×240"
    )
    odd.renderSize = Size(width: 0, height: 240)
    #expect(
      message(odd, composition)
        == "render size 0×240 is empty: width and height must be at least 2 pixels")
    odd.renderSize = Size(width: 320.5, height: 240)
    #expect(
      message(odd, composition)
        == "render size 320.5×240 is not a whole number of pixels: use integers")
    var bright = video([range(0, 10)], track: id)
    bright.instructions[0].layerInstructions[0].setOpacity(1.5, at: .zero)
    #expect(message(bright, composition) == "instruction 0, track 1: opacity 1.5 is outside 0…1")
    let empty = video([TimeRange(start: .zero, duration: .zero)], track: id)
    #expect(
      message(empty, composition)
        == "instruction 0 has the time range [0 s, 0 s): give a numeric start ≥ 0 s and a positive duration"
    )
  }

  @Test func theFirstLayerInstructionIsOnTop() throws {
    var composition = Composition()
    let a = composition.addTrack(.video)
    let b = composition.addTrack(.video)
    try composition.insertTimeRange(range(0, 4), of: videoSource("/a.mp4"), at: .zero, into: a)
    try composition.insertTimeRange(range(0, 4), of: videoSource("/b.mp4"), at: .zero, into: b)
    let instruction = VideoCompositionInstruction(
      timeRange: range(0, 4),
      layerInstructions: [LayerInstruction(trackID: a), LayerInstruction(trackID: b)])
    let video = VideoComposition(
      renderSize: Size(width: 320, height: 240), frameDuration: time(1, 30),
      instructions: [instruction])
    try video.validate(against: composition)
    // Paint the stack as a renderer would (bottom first, "over" with each opacity); with
    // both opaque, the result is track A's colour.
    let colours: [TrackID: Double] = [a: 1, b: 0]
    var pixel = 0.5  // background
    for layer in try #require(video.instruction(at: seconds(1))).layerInstructionsBottomToTop {
      let alpha = layer.opacity(at: seconds(1))
      pixel = pixel * (1 - alpha) + (colours[layer.trackID] ?? 0) * alpha
    }
    #expect(pixel == 1)
  }

  @Test func instructionBackgroundOverridesTheCompositionBackground() {
    let video = VideoComposition(
      renderSize: Size(width: 2, height: 2), frameDuration: time(1, 30),
      instructions: [
        VideoCompositionInstruction(timeRange: range(0, 1)),
        VideoCompositionInstruction(timeRange: range(1, 1), backgroundColor: .white),
      ])
    #expect(video.backgroundColor == .black)
    #expect(video.backgroundColor(at: time(1, 2)) == .black)
    #expect(video.backgroundColor(at: time(3, 2)) == .white)
  }
}

@Suite("Frame descriptions")
struct FrameDescriptionTests {
  @Test func aCrossFadeFrameListsBothClipsBottomFirst() throws {
    var sequence = ClipSequence()
    sequence.append(.media(media("/a.mp4", duration: seconds(2)), timeRange: nil))
    sequence.append(
      .media(media("/b.mp4", duration: seconds(2)), timeRange: range(0, 2)),
      transition: .crossFade(duration: seconds(1)))
    let output = try sequence.build()
    let frame = try #require(
      output.videoComposition.frameDescription(at: time(3, 2), in: output.composition))
    #expect(frame.layers.map(\.sourceTime) == [time(1, 2), time(3, 2)])
    #expect(frame.layers.map(\.opacity) == [1, 0.5])
    #expect(
      frame.layers.map(\.source) == [
        .track(try #require(media("/b.mp4", duration: seconds(2)).video)),
        .track(try #require(media("/a.mp4", duration: seconds(2)).video)),
      ])
    let late = try #require(
      output.videoComposition.frameDescription(at: time(5, 2), in: output.composition))
    #expect(late.layers.count == 1)
    #expect(late.backgroundColor == .black)
    #expect(output.videoComposition.frameDescription(at: seconds(3), in: output.composition) == nil)
  }

  @Test func frameCountRoundsUp() {
    let video = VideoComposition(
      renderSize: Size(width: 2, height: 2), frameDuration: time(1001, 30000))
    // 10 s at 29.97 fps: 10 / (1001/30000) = 299.7 → 300 frames.
    #expect(video.frameCount(for: seconds(10)) == 300)
    let thirty = VideoComposition(renderSize: Size(width: 2, height: 2), frameDuration: time(1, 30))
    #expect(thirty.frameCount(for: seconds(2)) == 60)
    #expect(thirty.frameTime(45) == time(3, 2))
  }
}
