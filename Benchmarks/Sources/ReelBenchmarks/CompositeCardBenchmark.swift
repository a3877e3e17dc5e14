import Foundation
@_spi(Benchmarks) import Reel
@_spi(Benchmarks) import ReelCore
import ReelProject

/// Compositing alone for the `make bench` birthday card: the template's layer tree drawn over
/// a pre-decoded video frame, with no decoder and no encoder (a null sink), in 4:2:0 Y′CbCr
/// (as the export draws it) and in RGB.
enum CompositeCardBenchmark {
  /// Loads `templatePath` (normally `bench/templates/card.json`), decodes one source frame,
  /// then draws `frameCount` frames of the layer tree at successive frame times three ways:
  /// in Y′CbCr onto the decoded picture, as the export's composite stage does
  /// (`LayerRenderer.renderYUV`); in RGB with a fresh canvas per frame (the export's path for
  /// trees the Y′CbCr path cannot draw); and in RGB onto one reused canvas. Prints frames per
  /// second for each; the last line is the summary that `bench/bench.py` records.
  ///
  /// - Parameters:
  ///   - templatePath: A template with `layers` and a video clip.
  ///   - frameCount: Frames drawn per pass (e.g. 300 = 10 s at 30 fps).
  /// - Throws: Template, decoding or rendering errors.
  static func run(templatePath: String, frameCount: Int) throws {
    let template = try Template.load(path: templatePath)
    let movie = template.movie
    guard let tree = movie.layers else {
      throw BenchmarkFailure("\(templatePath) has no layers to composite")
    }
    let video = try VideoFrameCompositor(
      composition: movie.composition, videoComposition: movie.resolvedVideoComposition)
    let frameDuration = movie.resolvedVideoComposition.frameDuration
    let sourceTime = Time(frame: 45, frameDuration: frameDuration)
    let renderer = try LayerRenderer(tree: tree)
    let matrix = ColorMatrix.forSize(width: renderer.width, height: renderer.height)
    // The Y′CbCr picture first: once the reader has converted a frame to RGB, it keeps that.
    guard case .yuv(let sourceYUV) = try video.picture(at: sourceTime, matrix: matrix) else {
      throw BenchmarkFailure("the source of \(templatePath) does not decode to 4:2:0 Y′CbCr")
    }
    let source = try video.frame(at: sourceTime)
    let black = Color.black.premultipliedBGRA

    // Warm-up: rasterise the layer contents into the renderer's cache.
    var canvas = Image(width: renderer.width, height: renderer.height)
    try renderer.render(
      at: Time(frame: 60, frameDuration: frameDuration),
      videoFrames: ["main": source], onto: &canvas)

    let clock = ContinuousClock()
    var checksum = 0
    let yuv = try clock.measure {
      for index in 0..<frameCount {
        guard
          let picture = try renderer.renderYUV(
            at: Time(frame: Int64(index), frameDuration: frameDuration), picture: sourceYUV,
            matrix: matrix)
        else {
          throw BenchmarkFailure("frame \(index) of \(templatePath) needs the RGB path")
        }
        checksum &+= Int(picture.luma(x: index % picture.width, y: picture.height / 2))
      }
    }
    let fresh = try clock.measure {
      for index in 0..<frameCount {
        var image = Image(uninitializedWidth: renderer.width, height: renderer.height)
        try renderer.render(
          at: Time(frame: Int64(index), frameDuration: frameDuration),
          videoFrames: ["main": source], over: black, onto: &image)
        checksum &+= Int(image[x: index % image.width, y: image.height / 2].blue)
      }
    }
    let reused = try clock.measure {
      for index in 0..<frameCount {
        try renderer.render(
          at: Time(frame: Int64(index), frameDuration: frameDuration),
          videoFrames: ["main": source], over: black, onto: &canvas)
        checksum &+= Int(canvas[x: index % canvas.width, y: canvas.height / 2].blue)
      }
    }
    let yuvFPS = Double(frameCount) / seconds(yuv)
    let freshFPS = Double(frameCount) / seconds(fresh)
    let reusedFPS = Double(frameCount) / seconds(reused)
    print(
      "composite-card \(renderer.width)×\(renderer.height), \(frameCount) frames, one thread"
        + " (checksum \(checksum))")
    print(String(format: "  Y′CbCr onto the decoded picture (as the export)  %7.1f fps", yuvFPS))
    print(String(format: "  RGB, new canvas per frame                        %7.1f fps", freshFPS))
    print(String(format: "  RGB, one reused canvas                           %7.1f fps", reusedFPS))
    print(
      String(
        format:
          "%.0f fps in Y′CbCr (as the export); in RGB %.0f fps with a new canvas per frame, %.0f fps reusing one",
        yuvFPS, freshFPS, reusedFPS))
  }

  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}

/// A benchmark that cannot run, with the reason.
struct BenchmarkFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
