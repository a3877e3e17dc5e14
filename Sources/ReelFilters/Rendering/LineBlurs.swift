import Foundation
import ReelCore

/// The mean of evenly spaced bilinear samples along a line through each pixel (motion blur):
/// 2⌈r⌉ + 1 samples from −r to +r along `direction` (a unit vector in the engine's plane).
/// O(r) per pixel.
struct MotionBlur: SpatialOperation {
  let input: FilterImage
  let radius: Double
  /// The unit direction of the smear in the engine's plane (x right, y down).
  let direction: SIMD2<Double>

  /// How far the samples reach horizontally and vertically, bilinear neighbours included.
  var reach: (x: Int, y: Int) {
    (
      Int((radius * abs(direction.x)).rounded(.up)) + 1,
      Int((radius * abs(direction.y)).rounded(.up)) + 1
    )
  }

  func render(in rect: PixelRect, evaluation: FilterEvaluation) -> LinearTile {
    let reach = self.reach
    let source = evaluation.tile(of: input, in: rect.expanded(dx: reach.x, dy: reach.y))
    let samples = 2 * Int(radius.rounded(.up)) + 1
    let offsets = (0..<samples).map { index in
      direction * (-radius + 2 * radius * Double(index) / Double(samples - 1))
    }
    let scale = 1 / Float(samples)
    var tile = LinearTile(rect: rect)
    for y in rect.y..<rect.maxY {
      for x in rect.x..<rect.maxX {
        var sum = SIMD4<Float>.zero
        for offset in offsets {
          sum += source.bilinearSample(x: Double(x) + 0.5 + offset.x, y: Double(y) + 0.5 + offset.y)
        }
        tile.pixels[(y - rect.y) * rect.width + (x - rect.x)] = sum * scale
      }
    }
    return tile
  }
}

/// The mean of the input along the ray from each point p towards `center`: bilinear samples at
/// c + (p − c)/s for s evenly from 1 to `zoom`, one per pixel of the streak's length
/// |p − c|·(1 − 1/zoom). O(streak length) per pixel.
struct ZoomBlur: SpatialOperation {
  let input: FilterImage
  let center: Point
  /// The largest magnification sampled (1 + amount/100).
  let zoom: Double

  /// The longest streak sampled, in samples (bounds the cost of far-away pixels).
  static let largestSampleCount = 512

  /// Where the points of `rect` read from: the rectangle and its image shrunk about the centre.
  func sourceRect(for rect: Rect) -> Rect {
    let shrunk = Rect(
      x: center.x + (rect.minX - center.x) / zoom, y: center.y + (rect.minY - center.y) / zoom,
      width: rect.width / zoom, height: rect.height / zoom)
    return rect.union(shrunk)
  }

  func render(in rect: PixelRect, evaluation: FilterEvaluation) -> LinearTile {
    let sampler = SpatialSampling.Sampler(
      input: input, wanted: PixelRect(covering: sourceRect(for: rect.rect)), for: rect,
      evaluation: evaluation)
    var tile = LinearTile(rect: rect)
    for y in rect.y..<rect.maxY {
      for x in rect.x..<rect.maxX {
        let px = Double(x) + 0.5 - center.x
        let py = Double(y) + 0.5 - center.y
        let length = (px * px + py * py).squareRoot() * (1 - 1 / zoom)
        let samples = Int(min(max(length.rounded(.up) + 1, 2), Double(Self.largestSampleCount)))
        var sum = SIMD4<Float>.zero
        for index in 0..<samples {
          let scale = 1 + (zoom - 1) * Double(index) / Double(samples - 1)
          sum += sampler.sample(x: center.x + px / scale, y: center.y + py / scale)
        }
        tile.pixels[(y - rect.y) * rect.width + (x - rect.x)] = sum / Float(samples)
      }
    }
    return tile
  }
}
