import Foundation
import Reel
import TestSupport
import Testing

/// Exported pixels against the maths of the effect, with sources and output decoded by the
/// ffmpeg CLI: cross-fades, opacity and transform ramps, track order, rotation.
@Suite("Export compositing")
struct ExportCompositingTests {
  typealias O = ExportOracle

  /// The largest per-channel difference between two colours.
  static func distance(
    _ a: (r: Double, g: Double, b: Double), _ b: (r: Double, g: Double, b: Double)
  )
    -> Double
  {
    max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))
  }

  @Test func theMiddleOfACrossFadeIsHalfOfEachSourceFrame() async throws {
    let folder = try O.folder()
    let (first, second, built, movie) = try O.crossFade(in: folder)
    #expect(built.composition.duration == O.time(3))
    // Export the one frame at 1.5 s (the cross-fade runs over [1, 2)), nearly losslessly.
    let output = folder.appendingPathComponent("fade.mp4")
    var settings = ExportSettings(crf: 1)
    settings.timeRange = O.range(O.time(3, 2), O.time(1, 30))
    try await O.export(movie, to: output, settings: settings)
    let ours = try #require(try O.frames(output).first)
    // At 1.5 s: the first clip's frame at 1.5 s (frame 45), the second's at 0.5 s (frame 15).
    let a = try O.frames(first)[45]
    let b = try O.frames(second)[15]
    let expected = zip(a.blockMeans, b.blockMeans).map { a, b in
      (r: (a.r + b.r) / 2, g: (a.g + b.g) / 2, b: (a.b + b.b) / 2)
    }
    let actual = ours.blockMeans
    #expect(actual.count == expected.count)
    let errors = zip(actual, expected).map { Self.distance($0, $1) }
    let worst = errors.max() ?? .infinity
    // ±3 levels per channel for 95 % of blocks; the rest are blocks with sharp colour edges,
    // where the 4:2:0 chroma round trip alone moves a block mean by up to ~3–6 levels.
    let within = errors.filter { $0 <= 3 }.count
    #expect(Double(within) >= 0.95 * Double(errors.count), "\(within) of \(errors.count) blocks")
    #expect(worst <= 6, "largest block error \(worst)")
    // The sources differ enough for the check to mean something.
    let spread = zip(a.blockMeans, b.blockMeans).map { Self.distance($0, $1) }
    #expect(spread.reduce(0, +) / Double(spread.count) > 30)
  }

  /// A 2 s red clip over a blue background, fading 1 → 0 over [0, 2).
  @Test func anOpacityRampBlendsWithTheBackgroundAtThreeTimes() async throws {
    let folder = try O.folder()
    let red = try O.makeClip(
      "red.mp4", in: folder, video: "color=c=red:size=320x240:rate=30:duration=2")
    var composition = Composition()
    try composition.addClip(asset: Asset(url: red))
    let track = try #require(composition.videoTracks.first?.id)
    var layer = LayerInstruction(trackID: track)
    layer.setOpacityRamp(from: 1, to: 0, timeRange: O.range(.zero, O.time(2)))
    let video = VideoComposition(
      renderSize: Size(width: 320, height: 240), frameDuration: O.time(1, 30),
      backgroundColor: .blue,
      instructions: [
        VideoCompositionInstruction(
          timeRange: O.range(.zero, O.time(2)), layerInstructions: [layer])
      ])
    let output = folder.appendingPathComponent("fade.mp4")
    try await O.export(
      Movie(composition: composition, videoComposition: video), to: output,
      settings: ExportSettings(crf: 1))
    let frames = try O.frames(output)
    #expect(frames.count == 60)
    let source = try O.frames(red)[0].mean(x: 100, y: 80, width: 120, height: 80)
    for (frame, opacity) in [(15, 0.75), (30, 0.5), (45, 0.25)] {
      let expected = (
        r: opacity * source.r, g: opacity * source.g, b: opacity * source.b + (1 - opacity) * 255
      )
      let actual = frames[frame].mean(x: 100, y: 80, width: 120, height: 80)
      #expect(Self.distance(actual, expected) <= 3, "frame \(frame): \(actual) vs \(expected)")
    }
  }

  /// A 160×120 lime clip at y = 60 moving right by 160 px over [0, 2) on black.
  @Test func aTransformRampMovesTheClipAtThreeTimes() async throws {
    let folder = try O.folder()
    let lime = try O.makeClip(
      "lime.mp4", in: folder, video: "color=c=lime:size=160x120:rate=30:duration=2")
    var composition = Composition()
    try composition.addClip(asset: Asset(url: lime))
    let track = try #require(composition.videoTracks.first?.id)
    var layer = LayerInstruction(trackID: track)
    layer.setTransformRamp(
      from: Transform2D(translationX: 0, y: 60), to: Transform2D(translationX: 160, y: 60),
      timeRange: O.range(.zero, O.time(2)))
    let video = VideoComposition(
      renderSize: Size(width: 320, height: 240), frameDuration: O.time(1, 30),
      instructions: [
        VideoCompositionInstruction(
          timeRange: O.range(.zero, O.time(2)), layerInstructions: [layer])
      ])
    let output = folder.appendingPathComponent("move.mp4")
    try await O.export(Movie(composition: composition, videoComposition: video), to: output)
    let frames = try O.frames(output)
    #expect(frames.count == 60)
    for (index, left) in [(15, 40), (30, 80), (45, 120)] {
      let frame = frames[index]
      let inside = frame.mean(x: left + 4, y: 64, width: 152, height: 112)
      #expect(inside.g > 240 && inside.r < 16 && inside.b < 16, "frame \(index) inside \(inside)")
      for (x, y) in [(left - 4, 120), (left + 164, 120), (left + 80, 56), (left + 80, 184)] {
        let outside = frame.mean(x: x - 1, y: y - 1, width: 3, height: 3)
        #expect(Self.distance(outside, (0, 0, 0)) < 16, "frame \(index) at \(x),\(y): \(outside)")
      }
      for x in [left + 4, left + 155] {
        let edge = frame.mean(x: x - 1, y: 119, width: 3, height: 3)
        #expect(edge.g > 200, "frame \(index) at \(x): \(edge)")
      }
    }
  }

  @Test func theFirstLayerInstructionIsOnTop() async throws {
    let folder = try O.folder()
    let red = try O.makeClip(
      "red.mp4", in: folder, video: "color=c=red:size=320x240:rate=30:duration=0.5")
    let blue = try O.makeClip(
      "blue.mp4", in: folder, video: "color=c=blue:size=320x240:rate=30:duration=0.5")
    var composition = Composition()
    let top = composition.addTrack(.video)
    let bottom = composition.addTrack(.video)
    let whole = O.range(.zero, O.time(1, 2))
    try composition.insertTimeRange(
      whole, of: try #require(SourceMedia(asset: Asset(url: red)).video), at: .zero, into: top)
    try composition.insertTimeRange(
      whole, of: try #require(SourceMedia(asset: Asset(url: blue)).video), at: .zero,
      into: bottom)
    let video = VideoComposition(
      renderSize: Size(width: 320, height: 240), frameDuration: O.time(1, 30),
      instructions: [
        VideoCompositionInstruction(
          timeRange: whole,
          layerInstructions: [LayerInstruction(trackID: top), LayerInstruction(trackID: bottom)])
      ])
    let output = folder.appendingPathComponent("order.mp4")
    try await O.export(Movie(composition: composition, videoComposition: video), to: output)
    let frames = try O.frames(output)
    #expect(frames.count == 15)
    let colour = frames[7].mean(x: 0, y: 0, width: 320, height: 240)
    #expect(colour.r > 240 && colour.b < 16, "\(colour)")
  }

  @Test func aRotationTaggedPortraitClipExportsUpright() async throws {
    let folder = try O.folder()
    let source = try MediaFixtures.url(for: .portraitRotated)
    let output = folder.appendingPathComponent("upright.mp4")
    let result = try await O.export(O.movie(of: source), to: output)
    #expect(result.videoSize?.width == 240 && result.videoSize?.height == 320)
    let size = try O.videoSize(output)
    #expect(size.width == 240 && size.height == 320)
    // No rotation is left on the output: it is upright as coded.
    let stream = try #require(try O.streams(output).first)
    #expect(stream["side_data_list"] == nil)
    let ours = try O.frames(output)
    let upright = try O.frames(source, autorotate: true)
    #expect(ours.count == upright.count)
    #expect(upright[0].width == 240 && upright[0].height == 320)
    for index in [0, 15, 29] {
      let error = ExportFileTests.difference(ours[index], upright[index])
      #expect(error < 4, "frame \(index): \(error)")
    }
    // And it is not the picture turned the other way.
    let wrongWay = Self.rotated180(upright[0])
    #expect(ExportFileTests.difference(ours[0], wrongWay) > 20)
  }

  static func rotated180(_ frame: O.RGBFrame) -> O.RGBFrame {
    var bytes = frame.bytes
    let count = frame.width * frame.height
    for index in 0..<count {
      let from = (count - 1 - index) * 3
      bytes[index * 3] = frame.bytes[from]
      bytes[index * 3 + 1] = frame.bytes[from + 1]
      bytes[index * 3 + 2] = frame.bytes[from + 2]
    }
    return O.RGBFrame(width: frame.width, height: frame.height, bytes: bytes)
  }

  @Test func framesDrawnOverNothingAreOpaqueBlack() async throws {
    var movie = try O.movie(of: MediaFixtures.url(for: .basic))
    let size = Size(width: 320, height: 240)
    let inset = Layer.video(frame: Rect(x: 40, y: 40, width: 240, height: 160))
    movie.layers = LayerTree(
      root: .group(frame: Rect(origin: .zero, size: size), sublayers: [inset]), renderSize: size)
    let still = try FrameGrabber(movie: movie).frame(at: O.time(1, 2)).image
    var transparent = 0
    for y in 0..<still.height {
      for x in 0..<still.width where still[x: x, y: y].alpha != 255 { transparent += 1 }
    }
    #expect(transparent == 0)
    #expect(still[x: 5, y: 5] == BGRA(blue: 0, green: 0, red: 0, alpha: 255))
    // Exported, the area outside the inset is black too.
    let folder = try O.folder()
    let output = folder.appendingPathComponent("inset.mp4")
    var settings = ExportSettings()
    settings.timeRange = O.range(.zero, O.time(1, 10))
    try await O.export(movie, to: output, settings: settings)
    let frame = try #require(try O.frames(output).first)
    #expect(Self.distance(frame.mean(x: 0, y: 0, width: 32, height: 32), (0, 0, 0)) < 4)
  }
}
