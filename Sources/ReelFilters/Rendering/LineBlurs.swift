import Foundation
import ReelCore

/// The mean of evenly spaced bilinear samples along a line through each pixel (motion blur):
/// 2⌈r⌉ + 1 samples from −r to +r along `direction` (a unit vector in the engine's plane),
/// applied as one sparse kernel of merged taps. O(r) per pixel.
struct MotionBlur: SpatialOperation {
  var inputs: [FilterImage] { [input] }
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

  /// The blur as taps on whole pixels: each bilinear sample at its fixed offset is four
  /// pixels with fixed weights, and taps landing on one pixel are merged (at most 4·(2⌈r⌉ + 1)
  /// taps, about 2·(2⌈r⌉ + 1) along an axis-free line).
  var taps: [(dx: Int, dy: Int, weight: Float)] {
    let samples = 2 * Int(radius.rounded(.up)) + 1
    var merged: [SIMD2<Int>: Double] = [:]
    for index in 0..<samples {
      let offset = direction * (-radius + 2 * radius * Double(index) / Double(samples - 1))
      let left = offset.x.rounded(.down)
      let top = offset.y.rounded(.down)
      let (wx, wy) = (offset.x - left, offset.y - top)
      let corner = SIMD2(Int(left), Int(top))
      let share = 1 / Double(samples)
      merged[corner, default: 0] += (1 - wx) * (1 - wy) * share
      merged[corner &+ SIMD2(1, 0), default: 0] += wx * (1 - wy) * share
      merged[corner &+ SIMD2(0, 1), default: 0] += (1 - wx) * wy * share
      merged[corner &+ SIMD2(1, 1), default: 0] += wx * wy * share
    }
    return merged.filter { $0.value != 0 }.map { ($0.key.x, $0.key.y, Float($0.value)) }
  }

  func render(in rect: PixelRect, evaluation: FilterEvaluation) -> LinearTile {
    let reach = self.reach
    let source = evaluation.tile(of: input, in: rect.expanded(dx: reach.x, dy: reach.y))
    let stride = source.rect.width
    let taps = self.taps.map { (offset: $0.dy * stride + $0.dx, weight: $0.weight) }
    var tile = LinearTile(rect: rect)
    source.pixels.withUnsafeBufferPointer { pixels in
      for row in 0..<rect.height {
        for column in 0..<rect.width {
          let centre = (row + reach.y) * stride + column + reach.x
          var sum = SIMD4<Float>.zero
          for tap in taps { sum += pixels[centre + tap.offset] * tap.weight }
          tile.pixels[row * rect.width + column] = sum
        }
      }
    }
    return tile
  }
}

/// The mean of the input along the ray from each point p towards `center`: bilinear samples at
/// c + (p − c)/s for s evenly from 1 to `zoom`, one per pixel of the streak's length
/// |p − c|·(1 − 1/zoom). O(streak length) per pixel.
struct ZoomBlur: SpatialOperation {
  var inputs: [FilterImage] { [input] }
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
