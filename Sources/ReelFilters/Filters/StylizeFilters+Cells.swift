import ReelCore

/// Core Image's cell-based and line-drawing stylize filters: crystallize, pointillize, edge work.
enum CellStylizeFilters {
  static let all: [FilterDescriptor] = [crystallize, pointillize, edgeWork]

  /// The scattered site of grid cell (i, j): one per cell `size` wide, placed by a hash of
  /// the cell (the same every render), anywhere inside it.
  static func site(_ i: Int, _ j: Int, origin: Point, size: Double) -> Point {
    var h = UInt64(bitPattern: Int64(i)) &* 0x9E37_79B9_7F4A_7C15
    h ^= UInt64(bitPattern: Int64(j)) &* 0xC2B2_AE3D_27D4_EB4F
    h ^= h >> 31
    h &*= 0xBF58_476D_1CE4_E5B9
    h ^= h >> 29
    let u = Double(h & 0xFFFF) / 65536
    let v = Double((h >> 16) & 0xFFFF) / 65536
    return Point(x: origin.x + (Double(i) + u) * size, y: origin.y + (Double(j) + v) * size)
  }

  /// The scattered site nearest to `point` (of the 5×5 cells around it: a site two cells away
  /// is farther than any in the point's own cell can be).
  static func nearestSite(to point: Point, origin: Point, size: Double) -> Point {
    // Far-off centres are held to ±2⁴⁰ cells, where Int conversion is exact.
    func cell(_ value: Double) -> Int { Int(min(max(value.rounded(.down), -0x1p40), 0x1p40)) }
    let ci = cell((point.x - origin.x) / size)
    let cj = cell((point.y - origin.y) / size)
    var best = point
    var bestDistance = Double.infinity
    for j in (cj - 2)...(cj + 2) {
      for i in (ci - 2)...(ci + 2) {
        let candidate = site(i, j, origin: origin, size: size)
        let distance =
          (candidate.x - point.x) * (candidate.x - point.x) + (candidate.y - point.y)
          * (candidate.y - point.y)
        if distance < bestDistance {
          bestDistance = distance
          best = candidate
        }
      }
    }
    return best
  }

  /// The cell size of the scattered-site filters: the radius clamped to 1…10 000 pixels.
  static func cellSize(_ arguments: FilterArguments) -> Double {
    min(max(arguments.number("inputRadius"), 1), 10_000)
  }

  static let crystallize = FilterDescriptor(
    "CICrystallize", categories: [.stylize, .video, .stillImage, .builtIn],
    summary: "Breaks the image into polygons coloured by the image at their sites.",
    maths:
      "one site scattered (by a fixed hash) in each square of side radius, the grid through the centre point; each pixel takes the bilinear sample (linear light) at its nearest site (Voronoi polygons); edge pixels repeat outward; the extent is the input's",
    parameters: [
      .inputImage, .number("inputRadius", 20, 1...100, "The polygons' size in pixels."),
      .point("inputCenter", Point(x: 150, y: 150), "Where the grid of sites starts."),
    ]
  ) { arguments in
    guard let image = arguments.image("inputImage") else { return nil }
    let size = cellSize(arguments)
    let origin = arguments.point("inputCenter")
    return StylizeFilters.cells(of: image, size: 2 * size) { point in
      nearestSite(to: point, origin: origin, size: size)
    }
  }

  static let pointillize = FilterDescriptor(
    "CIPointillize", categories: [.stylize, .video, .stillImage, .builtIn],
    summary: "Paints the image as dots coloured by the image at their centres.",
    maths:
      "dots of the given radius centred on sites scattered one per square of side 2·radius (grid through the centre point); a pixel within a dot (the nearest one) takes the bilinear sample (linear light) at its centre, a pixel in no dot is clear; edge pixels repeat outward; the extent is the input's",
    parameters: [
      .inputImage, .number("inputRadius", 20, 1...100, "The dots' radius in pixels."),
      .point("inputCenter", Point(x: 150, y: 150), "Where the grid of dots starts."),
    ]
  ) { arguments in
    guard let image = arguments.image("inputImage") else { return nil }
    let radius = cellSize(arguments)
    let origin = arguments.point("inputCenter")
    return StylizeFilters.cells(of: image, size: 2 * radius) { point in
      let site = nearestSite(to: point, origin: origin, size: 2 * radius)
      let (dx, dy) = (site.x - point.x, site.y - point.y)
      return dx * dx + dy * dy <= radius * radius ? site : nil
    }
  }

  static let edgeWork = FilterDescriptor(
    "CIEdgeWork", categories: [.stylize, .video, .stillImage, .builtIn],
    summary: "A black-and-white drawing of the image's edges, like a woodblock cutout.",
    maths:
      "linear light: d = Y_blur − Y, Y_blur the luminance of a Gaussian blur of σ = radius; opaque grey 1 − smoothstep(0.01, 0.03, d) (black where a pixel is darker than its surroundings, white elsewhere); the extent is the input's",
    parameters: [
      .inputImage, .number("inputRadius", 3, 0...20, "The neighbourhood's size in pixels."),
    ]
  ) { arguments in
    guard let image = arguments.image("inputImage") else { return nil }
    let blurred = image.blurred(sigma: MoreBlurFilters.radius(arguments))
    return image.combined(with: blurred, extent: image.extent) { pixel, blur in
      let unpremultiplied = pixel.w > 0 ? pixel.rgb / pixel.w : .zero
      let around = blur.w > 0 ? blur.rgb / blur.w : .zero
      let darker = luminance(around) - luminance(unpremultiplied)
      let t = min(max((darker - 0.01) / 0.02, 0), 1)
      let grey = 1 - t * t * (3 - 2 * t)
      return SIMD4(grey, grey, grey, 1) * pixel.w
    }
  }
}
