import ReelCore

/// Every pixel takes the input's colour at the centre of the cell it lies in (pixellation):
/// `cellCenter` maps a point to its cell's centre (`nil`: in no cell, clear); cells reach at
/// most `reach` pixels from their centre. Centres beyond the input's extent read its edge
/// pixels. One bilinear sample per pixel.
struct CellSampling: SpatialOperation {
  var inputs: [FilterImage] { [input] }
  let input: FilterImage
  let reach: Int
  let cellCenter: @Sendable (Point) -> Point?

  func render(in rect: PixelRect, evaluation: FilterEvaluation) -> LinearTile {
    let sampler = SpatialSampling.Sampler(
      input: input, wanted: rect.expanded(dx: reach, dy: reach), for: rect,
      evaluation: evaluation, clampingToExtent: true)
    var tile = LinearTile(rect: rect)
    for y in rect.y..<rect.maxY {
      for x in rect.x..<rect.maxX {
        guard let centre = cellCenter(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) else {
          continue
        }
        tile.pixels[(y - rect.y) * rect.width + (x - rect.x)] = sampler.sample(
          x: centre.x, y: centre.y)
      }
    }
    return tile
  }

  /// The centre of the square cell holding `point`, cells `size` wide with one centred on
  /// `origin`.
  static func squareCenter(of point: Point, origin: Point, size: Double) -> Point {
    Point(
      x: origin.x + ((point.x - origin.x) / size).rounded() * size,
      y: origin.y + ((point.y - origin.y) / size).rounded() * size)
  }

  /// The nearest point to `point` of the triangular lattice with spacing `size` through
  /// `origin` (rows `size`·√3/2 apart, each shifted by half a spacing): the centre of the
  /// hexagonal cell holding it.
  static func hexagonCenter(of point: Point, origin: Point, size: Double) -> Point {
    let rowHeight = size * 3.0.squareRoot() / 2
    let row = (point.y - origin.y) / rowHeight
    let column = (point.x - origin.x) / size - row / 2
    var best = origin
    var bestDistance = Double.infinity
    for j in [row.rounded(.down), row.rounded(.up)] {
      for i in [column.rounded(.down), column.rounded(.up)] {
        let candidate = Point(x: origin.x + (i + j / 2) * size, y: origin.y + j * rowHeight)
        let dx = candidate.x - point.x
        let dy = candidate.y - point.y
        let distance = dx * dx + dy * dy
        if distance < bestDistance {
          bestDistance = distance
          best = candidate
        }
      }
    }
    return best
  }
}

/// Each output pixel computed from the input's pixels within `reach` of it (3×3 edge and
/// noise operators). O((2·reach + 1)²) per pixel.
struct NeighbourhoodOperation: SpatialOperation {
  var inputs: [FilterImage] { [input] }
  let input: FilterImage
  let reach: Int
  /// The output pixel from the input's neighbourhood; `pixel(dx, dy)` reads the input at that
  /// offset from the pixel.
  let pixel: @Sendable (_ pixel: (Int, Int) -> SIMD4<Float>) -> SIMD4<Float>

  func render(in rect: PixelRect, evaluation: FilterEvaluation) -> LinearTile {
    let source = evaluation.tile(of: input, in: rect.expanded(dx: reach, dy: reach))
    let stride = source.rect.width
    var tile = LinearTile(rect: rect)
    source.pixels.withUnsafeBufferPointer { pixels in
      for row in 0..<rect.height {
        for column in 0..<rect.width {
          let centre = (row + reach) * stride + column + reach
          tile.pixels[row * rect.width + column] = pixel { dx, dy in
            pixels[centre + dy * stride + dx]
          }
        }
      }
    }
    return tile
  }
}
