import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import Reel

/// `MovieRenderer`, the one route of a frame: stills equal what the export writes, the
/// layer tree is evaluated once per frame on either path, and stills go through it.
@Suite("Movie renderer")
struct MovieRendererTests {
  typealias O = ExportOracle
  static let size = Size(width: 320, height: 240)

  /// A 320×240 clip under a full-frame video layer, a half-transparent box at fractional
  /// coordinates, an opaque box and a caption that moves (so frames differ).
  static func overlaidMovie(in folder: URL) throws -> Movie {
    let clip = try O.makeClip(
      "clip.mp4", in: folder, video: "testsrc2=size=320x240:rate=30:duration=1")
    var movie = try O.movie(of: clip)
    var caption = Layer.text(
      "Frame route", style: TextStyle(fontSize: 24, weight: 700, color: .yellow),
      frame: Rect(x: 0, y: 180, width: 320, height: 40))
    caption = caption.adding(
      BasicAnimation(.positionX, from: 120, to: 200, duration: 1))
    movie.layers = LayerTree(
      root: .group(
        frame: Rect(origin: .zero, size: size),
        sublayers: [
          .video(frame: Rect(origin: .zero, size: size)),
          .color(
            Color(red: 1, green: 1, blue: 1, alpha: 0.5),
            frame: Rect(x: 31.5, y: 21.25, width: 61, height: 41)),
          .color(.red, frame: Rect(x: 200, y: 20, width: 40, height: 40)),
          caption,
        ]),
      renderSize: size)
    return movie
  }

  /// A clip under a video layer tilted in perspective, which the Y′CbCr path refuses.
  static func tiltedMovie(in folder: URL) throws -> Movie {
    let clip = try O.makeClip(
      "tilt.mp4", in: folder, video: "testsrc2=size=320x240:rate=30:duration=1")
    var movie = try O.movie(of: clip)
    var perspective = Transform3D.identity
    perspective.m34 = -1.0 / 500
    var tilted = Layer.video(frame: Rect(x: 40, y: 30, width: 240, height: 180))
    tilted.properties.transform = perspective
    tilted.properties.rotationY = 0.5
    movie.layers = LayerTree(
      root: .group(frame: Rect(origin: .zero, size: size), sublayers: [tilted]),
      renderSize: size)
    return movie
  }

  /// A renderer configured exactly as an export of `movie` with `settings` to an .mp4.
  static func exportRenderer(_ movie: Movie, settings: ExportSettings) throws -> (
    MovieRenderer, ExportPlan
  ) {
    let plan = try ExportPlan(
      movie: movie, settings: settings, outputURL: URL(fileURLWithPath: "/tmp/plan.mp4"))
    let renderer = try MovieRenderer(
      MovieRenderer.Configuration(plan: plan, movie: movie, settings: settings))
    return (renderer, plan)
  }

  @Test func aStillIsThePictureTheExportEncodes() throws {
    let movie = try Self.overlaidMovie(in: try O.folder())
    var settings = ExportSettings()
    settings.allowsYUVFastPath = false
    let (export, plan) = try Self.exportRenderer(movie, settings: settings)
    let still = try MovieRenderer(movie: movie)
    let converter = try PictureConverter()
    for index in [0, 7, 13] {
      let time = plan.compositionTime(ofFrame: index)
      let encoded = try export.encoderPicture(from: export.sourcePicture(at: time), at: time)
      guard case .yuv(let picture) = encoded else {
        Issue.record("frame \(index) reached the encoder in BGRA")
        continue
      }
      let image = try still.frame(at: time)
      #expect(image.width == 320 && image.height == 240)
      #expect(try converter.yuv(from: image, matrix: plan.outputMatrix) == picture)
    }
  }

  @Test func aStillEqualsTheFrameTheExportWrote() async throws {
    let folder = try O.folder()
    let movie = try Self.overlaidMovie(in: folder)
    let output = folder.appendingPathComponent("out.mp4")
    var settings = ExportSettings(crf: 1)
    settings.timeRange = O.range(.zero, O.time(1, 3))
    try await O.export(movie, to: output, settings: settings)
    let written = try O.frames(output)
    #expect(written.count == 10)
    let still = try MovieRenderer(movie: movie).frame(at: O.time(7, 30))
    // ffmpeg's decode of frame 7, against the still of frame 7 and of frame 0 (the caption
    // has moved): the same frame within the encoder's loss, the other one clearly not.
    let same = FrameGrabberTests.difference(still, written[7])
    let other = FrameGrabberTests.difference(still, written[0])
    #expect(same < 1.5, "mean difference \(same) from the frame the export wrote")
    #expect(other > same + 0.5, "frame 0 differs by \(other), frame 7 by \(same)")
  }

  @Test func aFrameEvaluatesTheTreeOnceOnTheYUVPath() throws {
    let movie = try Self.overlaidMovie(in: try O.folder())
    let (renderer, plan) = try Self.exportRenderer(movie, settings: ExportSettings())
    for index in 0..<3 {
      let time = plan.compositionTime(ofFrame: index)
      let picture = try renderer.encoderPicture(from: renderer.sourcePicture(at: time), at: time)
      guard case .yuv = picture else {
        Issue.record("frame \(index) is not in Y′CbCr")
        continue
      }
    }
    #expect(renderer.yuvFrameCount == 3)
    #expect(renderer.renderListEvaluationCount == 3)
  }

  @Test func aFrameTheYUVPathRefusesEvaluatesTheTreeOnce() throws {
    let movie = try Self.tiltedMovie(in: try O.folder())
    let (renderer, plan) = try Self.exportRenderer(movie, settings: ExportSettings())
    for index in 0..<3 {
      let time = plan.compositionTime(ofFrame: index)
      // The decoder's picture is in Y′CbCr; the tilt sends the frame to the RGB path.
      let source = try renderer.sourcePicture(at: time)
      guard case .yuv = source else {
        Issue.record("the source picture of frame \(index) is not in Y′CbCr")
        continue
      }
      _ = try renderer.encoderPicture(from: source, at: time)
    }
    #expect(renderer.yuvFrameCount == 0)
    #expect(renderer.renderListEvaluationCount == 3)
  }

  @Test func anExportEvaluatesTheTreeOncePerFrameOnBothPaths() async throws {
    let folder = try O.folder()
    var settings = ExportSettings()
    settings.timeRange = O.range(.zero, O.time(1, 5))
    let drawnInYUV = try await O.export(
      try Self.overlaidMovie(in: folder), to: folder.appendingPathComponent("yuv.mp4"),
      settings: settings)
    #expect(drawnInYUV.frameCount == 6)
    #expect(drawnInYUV.statistics.yuvFrameCount == 6)
    #expect(drawnInYUV.statistics.renderListEvaluationCount == 6)
    let refused = try await O.export(
      try Self.tiltedMovie(in: folder), to: folder.appendingPathComponent("rgb.mp4"),
      settings: settings)
    #expect(refused.frameCount == 6)
    #expect(refused.statistics.yuvFrameCount == 0)
    #expect(refused.statistics.renderListEvaluationCount == 6)
  }

  /// Each export recycles its pictures' buffers in a pool of its own: a long export keeps
  /// reusing its buffers while a short one beside it ends (which used to empty the one
  /// process-wide pool), so each takes about its pictures in flight from the allocator,
  /// however many frames it draws.
  @Test func concurrentExportsRecycleTheirOwnPictureBuffers() async throws {
    let folder = try O.folder()
    let movie = try Self.overlaidMovie(in: folder)
    var short = ExportSettings()
    short.timeRange = O.range(.zero, O.time(1, 10))
    async let long = O.export(movie, to: folder.appendingPathComponent("long.mp4"))
    async let brief = O.export(
      movie, to: folder.appendingPathComponent("short.mp4"), settings: short)
    let (a, b) = try await (long, brief)
    #expect(a.frameCount == 30 && b.frameCount == 3)
    // Every frame is composited into a new picture (the decoder's is not written in place).
    #expect(a.statistics.yuvFrameCount == 30)
    for result in [a, b] {
      let allocated = result.statistics.pictureBuffersAllocated
      #expect(
        allocated >= 1 && allocated <= 12, "\(allocated) buffers for \(result.frameCount) frames")
    }
  }

  @Test func theFrameGrabberDrawsAMovieWithTheRenderer() throws {
    let movie = try Self.overlaidMovie(in: try O.folder())
    let grabber = FrameGrabber(movie: movie)
    let renderer = try MovieRenderer(movie: movie)
    for time in [O.time(0), O.time(11, 30), O.time(1, 2)] {
      #expect(try grabber.frame(at: time).image == renderer.frame(at: time))
    }
    // Without layers: the video composition's picture, at its size.
    var plain = movie
    plain.layers = nil
    let image = try MovieRenderer(movie: plain).frame(at: O.time(1, 3))
    #expect(image.width == 320 && image.height == 240)
    #expect(try FrameGrabber(movie: plain).frame(at: O.time(1, 3)).image == image)
  }

  /// What `FrameGrabber` drew before the renderer: the video composition's frame, then the
  /// tree over it on a black canvas — here with a translucent tree background around an
  /// inset video, where a backdrop drawn differently would show.
  @Test func aStillIsTheTreeDrawnOverTheVideoOnBlack() throws {
    let movie = try Self.overlaidMovie(in: try O.folder())
    var inset = Layer.group(frame: Rect(x: 80, y: 60, width: 160, height: 120))
    inset.sublayers = [.video(frame: Rect(x: 0, y: 0, width: 160, height: 120))]
    var translucent = movie
    let tree = LayerTree(
      root: .group(frame: Rect(origin: .zero, size: Self.size), sublayers: [inset]),
      renderSize: Self.size, backgroundColor: Color(red: 0, green: 0, blue: 1, alpha: 0.5))
    translucent.layers = tree
    let time = O.time(2, 3)
    let video = try VideoFrameCompositor(
      composition: movie.composition, videoComposition: movie.resolvedVideoComposition
    ).frame(at: time)
    var expected = Image(width: 320, height: 240)
    expected.fill(with: Color.black.premultipliedBGRA)
    try LayerRenderer(tree: tree).render(at: time, videoFrames: [.main: video], onto: &expected)
    #expect(try MovieRenderer(movie: translucent).frame(at: time) == expected)
  }
}
