import ReelCore

/// A projective map of the plane (a 3×3 matrix, last entry 1): (x, y) → ((a·x + b·y + c)/w,
/// (d·x + e·y + f)/w) with w = g·x + h·y + 1.
struct Homography: Sendable, Equatable {
  let m: [Double]
  /// A point of the domain on the side of the horizon the map is used on (w > 0 there).
  let reference: Point

  /// The map taking each of `from` to the matching point of `to` (four each), or `nil` when
  /// three of them are in a line.
  init?(from: [Point], to: [Point]) {
    guard from.count == 4, to.count == 4 else { return nil }
    var rows: [[Double]] = []
    for (p, q) in zip(from, to) {
      rows.append([p.x, p.y, 1, 0, 0, 0, -p.x * q.x, -p.y * q.x, q.x])
      rows.append([0, 0, 0, p.x, p.y, 1, -p.x * q.y, -p.y * q.y, q.y])
    }
    // Gaussian elimination with partial pivoting on the 8×9 augmented matrix.
    for column in 0..<8 {
      guard
        let pivot = (column..<8).max(by: { abs(rows[$0][column]) < abs(rows[$1][column]) }),
        abs(rows[pivot][column]) > 1e-12
      else { return nil }
      rows.swapAt(column, pivot)
      for row in 0..<8 where row != column {
        let factor = rows[row][column] / rows[column][column]
        if factor == 0 { continue }
        for k in column..<9 { rows[row][k] -= factor * rows[column][k] }
      }
    }
    let solution = (0..<8).map { rows[$0][8] / rows[$0][$0] }
    guard solution.allSatisfy(\.isFinite) else { return nil }
    let centroid = Point(
      x: from.map(\.x).reduce(0, +) / 4, y: from.map(\.y).reduce(0, +) / 4)
    self.init(matrix: solution + [1], positiveAt: centroid)
  }

  /// The map of `matrix`, its sign chosen so that w > 0 at `point`; `nil` when `point` is on
  /// the horizon.
  private init?(matrix: [Double], positiveAt point: Point) {
    let w = matrix[6] * point.x + matrix[7] * point.y + matrix[8]
    guard w != 0, w.isFinite else { return nil }
    m = w < 0 ? matrix.map { -$0 } : matrix
    reference = point
  }

  /// The image of `point`, or `nil` on or behind the horizon (w ≤ 0).
  func apply(to point: Point) -> Point? {
    let w = m[6] * point.x + m[7] * point.y + m[8]
    guard w > 1e-12 else { return nil }
    return Point(
      x: (m[0] * point.x + m[1] * point.y + m[2]) / w,
      y: (m[3] * point.x + m[4] * point.y + m[5]) / w)
  }

  /// The inverse map (the adjugate), or `nil` if singular.
  func inverted() -> Homography? {
    let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
    let adjugate = [
      e * i - f * h, c * h - b * i, b * f - c * e,
      f * g - d * i, a * i - c * g, c * d - a * f,
      d * h - e * g, b * g - a * h, a * e - b * d,
    ]
    let determinant = a * adjugate[0] + b * adjugate[3] + c * adjugate[6]
    guard determinant != 0, adjugate.allSatisfy(\.isFinite), let image = apply(to: reference)
    else { return nil }
    return Homography(matrix: adjugate, positiveAt: image)
  }

  /// The bounding box of the images of `rect`'s corners, or `nil` when one is beyond the
  /// horizon.
  func boundingBox(of rect: Rect) -> Rect? {
    let corners = [
      Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
      Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY),
    ].compactMap(apply(to:))
    guard corners.count == 4 else { return nil }
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max()
    else { return nil }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}

/// The input seen through a projective map: each output pixel centre is sent back through
/// `inverse` and sampled bilinearly (transparent beyond the input). One sample per pixel; the
/// input is asked for the bounding box of the output rectangle's preimage.
struct ProjectiveSampling: SpatialOperation {
  var inputs: [FilterImage] { [input] }
  let input: FilterImage
  /// Output plane → input plane.
  let inverse: Homography

  func render(in rect: PixelRect, evaluation: FilterEvaluation) -> LinearTile {
    let preimage = inverse.boundingBox(of: rect.rect).flatMap { PixelRect(covering: $0) }
    let sampler = SpatialSampling.Sampler(
      input: input, wanted: preimage, for: rect, evaluation: evaluation)
    var tile = LinearTile(rect: rect)
    for y in rect.y..<rect.maxY {
      for x in rect.x..<rect.maxX {
        guard let point = inverse.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
        else { continue }
        tile.pixels[(y - rect.y) * rect.width + (x - rect.x)] = sampler.sample(
          x: point.x, y: point.y)
      }
    }
    return tile
  }
}
