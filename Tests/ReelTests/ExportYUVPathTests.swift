import Foundation
@_spi(Benchmarks) import Reel
import TestSupport
import Testing

/// The Y′CbCr fast path of export: which frames take it, and that its pixels are the RGB
/// path's up to rounding (both decoded by ffmpeg), or closer to the source where nothing is
/// drawn.
@Suite("Export Y′CbCr path")
struct ExportYUVPathTests {
  typealias O = ExportOracle

  /// The planes of every frame of a file, decoded by ffmpeg as yuv420p.
  static func yuvFrames(_ url: URL) throws -> [(luma: [UInt8], chroma: [UInt8])] {
    let size = try O.videoSize(url)
    let output = try TestSupport.run(
      "ffmpeg",
      [
        "-v", "error", "-i", url.path, "-map", "0:v:0", "-fps_mode", "passthrough", "-f",
        "rawvideo", "-pix_fmt", "yuv420p", "-",
      ])
    let lumaBytes = size.width * size.height
    let frameBytes = lumaBytes + 2 * ((size.width + 1) / 2) * ((size.height + 1) / 2)
    let data = [UInt8](output.stdout)
    var frames: [(luma: [UInt8], chroma: [UInt8])] = []
    var offset = 0
    while offset + frameBytes <= data.count {
      frames.append(
        (
          Array(data[offset..<(offset + lumaBytes)]),
          Array(data[(offset + lumaBytes)..<(offset + frameBytes)])
        ))
      offset += frameBytes
    }
    return frames
  }

  /// A 1 s, 320×240, 30 fps testsrc2 clip (yuv420p, BT.601 by its size).
  static func testClip(in folder: URL) throws -> URL {
    try O.makeClip("clip.mp4", in: folder, video: "testsrc2=size=320x240:rate=30:duration=1")
  }

  /// Mean absolute difference of two sample arrays.
  static func meanError(_ a: [UInt8], _ b: [UInt8]) -> Double {
    precondition(a.count == b.count)
    var sum = 0
    for index in a.indices { sum += abs(Int(a[index]) - Int(b[index])) }
    return Double(sum) / Double(max(a.count, 1))
  }

  /// Mean absolute difference of two RGB frames, per channel.
  static func meanError(_ a: O.RGBFrame, _ b: O.RGBFrame) -> Double {
    meanError(a.bytes, b.bytes)
  }

  /// Exports `movie` twice, through the Y′CbCr path and forced through RGB, nearly
  /// losslessly; returns both files and results.
  static func exportBothWays(_ movie: Movie, in folder: URL, range: TimeRange? = nil) async throws
    -> (yuv: URL, rgb: URL, yuvResult: ExportResult, rgbResult: ExportResult)
  {
    let fast = folder.appendingPathComponent("yuv.mp4")
    let slow = folder.appendingPathComponent("rgb.mp4")
    var settings = ExportSettings(crf: 1)
    settings.timeRange = range
    let fastResult = try await O.export(movie, to: fast, settings: settings)
    settings.allowsYUVFastPath = false
    let slowResult = try await O.export(movie, to: slow, settings: settings)
    return (fast, slow, fastResult, slowResult)
  }

  @Test func aClipNothingIsDrawnOnGoesFromDecoderToEncoderUnconverted() async throws {
    let folder = try O.folder()
    let clip = try Self.testClip(in: folder)
    let movie = try O.movie(of: clip)
    let (fast, slow, fastResult, slowResult) = try await Self.exportBothWays(movie, in: folder)
    #expect(fastResult.statistics.yuvFrameCount == 30)
    #expect(slowResult.statistics.yuvFrameCount == 0)
    let source = try Self.yuvFrames(clip)
    let viaYUV = try Self.yuvFrames(fast)
    let viaRGB = try Self.yuvFrames(slow)
    #expect(source.count == 30 && viaYUV.count == 30 && viaRGB.count == 30)
    // Without the RGB round trip, only the encoder (CRF 1) moves samples, so the output is
    // closer to the source than the RGB path's, most of all in chroma, which the round trip
    // smooths at testsrc2's sharp colour edges.
    let yuvChroma = Self.meanError(source[15].chroma, viaYUV[15].chroma)
    let rgbChroma = Self.meanError(source[15].chroma, viaRGB[15].chroma)
    let yuvLuma = Self.meanError(source[15].luma, viaYUV[15].luma)
    #expect(yuvLuma < 0.6, "luma error \(yuvLuma)")
    #expect(yuvChroma < 0.6, "chroma error \(yuvChroma)")
    #expect(yuvChroma < rgbChroma / 2, "chroma error \(yuvChroma) against RGB path's \(rgbChroma)")
  }

  @Test func overlaysOnAFullFrameVideoAreCompositedInYUVWithTheRGBPathsPixels() async throws {
    let folder = try O.folder()
    let clip = try Self.testClip(in: folder)
    var movie = try O.movie(of: clip)
    let size = Size(width: 320, height: 240)
    // A half-transparent white box at odd coordinates, an opaque red box, and a caption.
    var style = TextStyle(fontSize: 24, weight: 700, color: .white, alignment: .center)
    style.strokeColor = .black
    style.strokeWidth = 3
    movie.layers = LayerTree(
      root: .group(
        frame: Rect(origin: .zero, size: size),
        sublayers: [
          .video(frame: Rect(origin: .zero, size: size)),
          .color(
            Color(red: 1, green: 1, blue: 1, alpha: 0.5),
            frame: Rect(x: 31, y: 21, width: 61, height: 41)),
          .color(.red, frame: Rect(x: 200, y: 20, width: 40, height: 40)),
          .text("Hello, YUV", style: style, frame: Rect(x: 0, y: 180, width: 320, height: 40)),
        ]),
      renderSize: size)
    let (fast, slow, fastResult, slowResult) = try await Self.exportBothWays(
      movie, in: folder, range: O.range(.zero, O.time(1, 3)))
    #expect(fastResult.statistics.yuvFrameCount == 10)
    #expect(slowResult.statistics.yuvFrameCount == 0)
    let a = try #require(try O.frames(fast).first)
    let b = try #require(try O.frames(slow).first)
    let difference = Self.meanError(a, b)
    #expect(difference < 1.5, "mean difference \(difference) between the two paths")
    // The maths of the effect: the white box at 50 % over the source.
    let source = try #require(try O.frames(clip).first)
    let inside = a.mean(x: 40, y: 28, width: 40, height: 24)
    let under = source.mean(x: 40, y: 28, width: 40, height: 24)
    #expect(abs(inside.r - (under.r / 2 + 127.5)) < 3)
    #expect(abs(inside.g - (under.g / 2 + 127.5)) < 3)
    #expect(abs(inside.b - (under.b / 2 + 127.5)) < 3)
    let red = a.mean(x: 204, y: 24, width: 32, height: 32)
    #expect(red.r > 245 && red.g < 10 && red.b < 10, "\(red)")
  }

  @Test func anInsetVideoOverABackdropIsScaledInYUV() async throws {
    let folder = try O.folder()
    let clip = try Self.testClip(in: folder)
    var movie = try O.movie(of: clip)
    let size = Size(width: 320, height: 240)
    var inset = Layer.video(frame: Rect(x: 32, y: 24, width: 256, height: 192))
    inset.properties.borderWidth = 4
    inset.properties.borderColor = .white
    movie.layers = LayerTree(
      root: .group(
        frame: Rect(origin: .zero, size: size),
        sublayers: [
          .color(try Color(parsing: "#3D1A6E"), frame: Rect(origin: .zero, size: size)), inset,
        ]),
      renderSize: size)
    let (fast, slow, fastResult, _) = try await Self.exportBothWays(
      movie, in: folder, range: O.range(.zero, O.time(1, 3)))
    #expect(fastResult.statistics.yuvFrameCount == 10)
    let a = try #require(try O.frames(fast).first)
    let b = try #require(try O.frames(slow).first)
    let difference = Self.meanError(a, b)
    #expect(difference < 2, "mean difference \(difference) between the two paths")
    // The backdrop colour, the border, and the picture inside (the source's centre block).
    let backdrop = a.mean(x: 2, y: 2, width: 20, height: 16)
    #expect(abs(backdrop.r - 0x3D) < 3 && abs(backdrop.g - 0x1A) < 3 && abs(backdrop.b - 0x6E) < 3)
    let border = a.mean(x: 100, y: 24, width: 60, height: 4)
    #expect(border.r > 245 && border.g > 245 && border.b > 245, "\(border)")
  }

  @Test func aCrossFadeIsMixedInYUV() async throws {
    let folder = try O.folder()
    let movie = try O.crossFade(in: folder).movie
    let (fast, slow, fastResult, _) = try await Self.exportBothWays(
      movie, in: folder, range: O.range(O.time(3, 2), O.time(1, 10)))
    #expect(fastResult.statistics.yuvFrameCount == 3)
    let a = try #require(try O.frames(fast).first)
    let b = try #require(try O.frames(slow).first)
    let difference = Self.meanError(a, b)
    #expect(difference < 2.5, "mean difference \(difference) between the two paths")
  }

  @Test func aTiltedVideoLayerIsDrawnInRGB() async throws {
    let folder = try O.folder()
    let clip = try Self.testClip(in: folder)
    var movie = try O.movie(of: clip)
    let size = Size(width: 320, height: 240)
    var perspective = Transform3D.identity
    perspective.m34 = -1.0 / 500
    var tilted = Layer.video(frame: Rect(x: 40, y: 30, width: 240, height: 180))
    tilted.properties.transform = perspective
    tilted.properties.rotationY = 0.5
    movie.layers = LayerTree(
      root: .group(frame: Rect(origin: .zero, size: size), sublayers: [tilted]), renderSize: size)
    let output = folder.appendingPathComponent("tilt.mp4")
    var settings = ExportSettings()
    settings.timeRange = O.range(.zero, O.time(1, 10))
    let result = try await O.export(movie, to: output, settings: settings)
    #expect(result.frameCount == 3)
    #expect(result.statistics.yuvFrameCount == 0)
  }

  @Test func aClipsDecoderIsClosedOnceTheSequenceHasMovedOn() throws {
    let built = try O.crossFade(in: try O.folder()).built
    let compositor = try VideoFrameCompositor(
      composition: built.composition, videoComposition: built.videoComposition)
    _ = try compositor.picture(at: O.time(1, 2), matrix: .bt601)
    #expect(compositor.openReaderCount == 1)
    // In the cross-fade over [1, 2) both clips are decoded; after it only the second.
    _ = try compositor.picture(at: O.time(3, 2), matrix: .bt601)
    #expect(compositor.openReaderCount == 2)
    _ = try compositor.picture(at: O.time(5, 2), matrix: .bt601)
    #expect(compositor.openReaderCount == 1)
    // The first clip again: reopened, and its picture is right.
    let again = try compositor.frame(at: O.time(1, 2))
    #expect(compositor.openReaderCount == 1)
    #expect(again.width == 320 && again.height == 240)
  }
}
