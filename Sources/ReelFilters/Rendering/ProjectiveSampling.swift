import ReelCore

/// A projective map of the plane (a 3×3 matrix, last entry 1): (x, y) → ((a·x + b·y + c)/w,
/// (d·x + e·y + f)/w) with w = g·x + h·y + 1.
struct Homography: Sendable, Equatable {
  let m: [Double]

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
    m = solution + [1]
  }

  private init(matrix: [Double]) { m = matrix }

  /// The image of `point`, or `nil` on or behind the horizon (w ≤ 0).
  func apply(to point: Point) -> Point? {
    let w = m[6] * point.x + m[7] * point.y + m[8]
    guard w > 1e-12 else { return nil }
    return Point(
      x: (m[0] * point.x + m[1] * point.y + m[2]) / w,
      y: (m[3] * point.x + m[4] * point.y + m[5]) / w)
  }

  /// The inverse map (the adjugate, scaled so the last entry is 1), or `nil` if singular.
  func inverted() -> Homography? {
    let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
    let adjugate = [
      e * i - f * h, c * h - b * i, b * f - c * e,
      f * g - d * i, a * i - c * g, c * d - a * f,
      d * h - e * g, b * g - a * h, a * e - b * d,
    ]
    guard abs(adjugate[8]) > 1e-12 else { return nil }
    let matrix = adjugate.map { $0 / adjugate[8] }
    guard matrix.allSatisfy(\.isFinite) else { return nil }
    return Homography(matrix: matrix)
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
  let input: FilterImage
  /// Output plane → input plane.
  let inverse: Homography

  func render(in rect: PixelRect, evaluation: FilterEvaluation) -> LinearTile {
    var tile = LinearTile(rect: rect)
    let preimage = inverse.boundingBox(of: rect.rect).flatMap { PixelRect(covering: $0) }
    if let preimage,
      case let wanted = SpatialSampling.reachable(preimage.expanded(dx: 1, dy: 1), of: input),
      wanted.area <= FilterEvaluation.largestSourceArea(for: rect)
    {
      let source = evaluation.tile(of: input, in: wanted)
      for y in rect.y..<rect.maxY {
        for x in rect.x..<rect.maxX {
          guard let point = inverse.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
          else { continue }
          tile.pixels[(y - rect.y) * rect.width + (x - rect.x)] = source.bilinearSample(
            x: point.x, y: point.y)
        }
      }
      return tile
    }
    // A strong minification or a rectangle reaching the horizon: each pixel reads its own 2×2.
    for y in rect.y..<rect.maxY {
      for x in rect.x..<rect.maxX {
        guard let point = inverse.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5)),
          let left = Int(exactly: (point.x - 0.5).rounded(.down)),
          let top = Int(exactly: (point.y - 0.5).rounded(.down))
        else { continue }
        let corner = evaluation.tile(of: input, in: PixelRect(x: left, y: top, width: 2, height: 2))
        tile.pixels[(y - rect.y) * rect.width + (x - rect.x)] = corner.bilinearSample(
          x: point.x, y: point.y)
      }
    }
    return tile
  }
}
