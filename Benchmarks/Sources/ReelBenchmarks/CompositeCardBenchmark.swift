import Foundation
@_spi(Benchmarks) import Reel
@_spi(Benchmarks) import ReelCore
import ReelProject

/// Compositing alone for the `make bench` birthday card: the template's layer tree drawn over
/// a pre-decoded video frame, with no decoder and no encoder (a null sink), in 4:2:0 Y′CbCr
/// (as the export draws it) and in RGB.
enum CompositeCardBenchmark {
  /// Loads `templatePath` (normally `bench/templates/card.json`), decodes one source frame,
  /// then draws `frameCount` frames of the movie at successive frame times over it three
  /// ways, each with ``MovieRenderer``'s composite step: in Y′CbCr onto the decoded picture,
  /// as the export draws it; in RGB as a still (a new canvas per frame, as `reel frame`);
  /// and in RGB onto one reused canvas (the export's path for trees the Y′CbCr path cannot
  /// draw, before the conversion for the encoder). Prints frames per second for each; the
  /// last line is the summary that `bench/bench.py` records.
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
    let frameDuration = movie.resolvedVideoComposition.frameDuration
    let sourceTime = Time(frame: 45, frameDuration: frameDuration)
    let width = Int(tree.renderSize.width.rounded())
    let height = Int(tree.renderSize.height.rounded())
    let matrix = ColorMatrix.forSize(width: width, height: height)
    let inYUV = try MovieRenderer(
      movie: movie, outputWidth: width, outputHeight: height, matrix: matrix)
    let inRGB = try MovieRenderer(
      movie: movie, outputWidth: width, outputHeight: height, matrix: matrix,
      drawsInYUVWherePossible: false)
    let sourceYUV = try inYUV.sourcePicture(at: sourceTime)
    guard case .yuv = sourceYUV else {
      throw BenchmarkFailure("the source of \(templatePath) does not decode to 4:2:0 Y′CbCr")
    }
    let source = try inRGB.sourcePicture(at: sourceTime)

    // Warm-up: rasterise the layer contents into each renderer's cache.
    let warmUp = Time(frame: 60, frameDuration: frameDuration)
    _ = try inYUV.outputPicture(from: sourceYUV, at: warmUp)
    _ = try inRGB.outputPicture(from: source, at: warmUp)

    let clock = ContinuousClock()
    var checksum = 0
    let yuv = try clock.measure {
      for index in 0..<frameCount {
        guard
          case .yuv(let picture) = try inYUV.outputPicture(
            from: sourceYUV, at: Time(frame: Int64(index), frameDuration: frameDuration))
        else {
          throw BenchmarkFailure("frame \(index) of \(templatePath) needs the RGB path")
        }
        checksum &+= Int(picture.luma(x: index % picture.width, y: picture.height / 2))
      }
    }
    let fresh = try clock.measure {
      for index in 0..<frameCount {
        let image = try inRGB.image(
          from: source, at: Time(frame: Int64(index), frameDuration: frameDuration))
        checksum &+= Int(image[x: index % image.width, y: image.height / 2].blue)
      }
    }
    let reused = try clock.measure {
      for index in 0..<frameCount {
        guard
          case .bgra(let canvas) = try inRGB.outputPicture(
            from: source, at: Time(frame: Int64(index), frameDuration: frameDuration))
        else {
          throw BenchmarkFailure("frame \(index) of \(templatePath) was not drawn in RGB")
        }
        checksum &+= Int(canvas[x: index % canvas.width, y: canvas.height / 2].blue)
      }
    }
    let yuvFPS = Double(frameCount) / seconds(yuv)
    let freshFPS = Double(frameCount) / seconds(fresh)
    let reusedFPS = Double(frameCount) / seconds(reused)
    print(
      "composite-card \(width)×\(height), \(frameCount) frames, one thread"
        + " (checksum \(checksum))")
    print(String(format: "  Y′CbCr onto the decoded picture (as the export)  %7.1f fps", yuvFPS))
    print(String(format: "  RGB, new canvas per frame (as a still)           %7.1f fps", freshFPS))
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
