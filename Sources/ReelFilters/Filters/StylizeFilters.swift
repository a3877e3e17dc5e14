import ReelCore

/// Core Image's stylize filters: pixellation, bloom and gloom, edges.
enum StylizeFilters {
  static let all: [FilterDescriptor] = [pixellate, hexagonalPixellate, bloom, gloom, edges]

  /// The cell size of the pixellating filters, clamped to 1…10 000 pixels.
  static func cellSize(_ arguments: FilterArguments) -> Double {
    min(max(arguments.number("inputScale"), 1), 10_000)
  }

  /// `image` with each pixel coloured by the input at its cell's centre; edge pixels of the
  /// input repeat outward for cells that overhang it, and the extent stays the input's.
  static func cells(
    of image: FilterImage, size: Double, center: @escaping @Sendable (Point) -> Point?
  ) -> FilterImage {
    let reach = Int(size.rounded(.up))
    return image.applying(
      spatial: CellSampling(input: image, reach: reach, cellCenter: center), extent: image.extent)
  }

  static let pixellate = FilterDescriptor(
    "CIPixellate", categories: [.stylize, .video, .stillImage, .builtIn],
    summary: "Makes the image blocky: squares coloured by the image at their centres.",
    maths:
      "squares `scale` pixels wide, one centred on the centre point; each pixel takes the bilinear sample (linear light) at its square's centre; the image's edge pixels repeat outward for squares that overhang it; the extent is the input's",
    parameters: [
      .inputImage,
      .point("inputCenter", Point(x: 150, y: 150), "A square is centred here."),
      .number("inputScale", 8, 1...100, "The squares' width in pixels."),
    ]
  ) { arguments in
    guard let image = arguments.image("inputImage") else { return nil }
    let size = cellSize(arguments)
    let origin = arguments.point("inputCenter")
    return cells(of: image, size: size) { point in
      CellSampling.squareCenter(of: point, origin: origin, size: size)
    }
  }

  static let hexagonalPixellate = FilterDescriptor(
    "CIHexagonalPixellate", categories: [.stylize, .video, .stillImage, .builtIn],
    summary: "Makes the image into hexagons coloured by the image at their centres.",
    maths:
      "hexagons whose centres are the triangular lattice of spacing `scale` through the centre point (rows scale·√3/2 apart); each pixel takes the bilinear sample (linear light) at its nearest lattice point; edge pixels repeat outward; the extent is the input's",
    parameters: [
      .inputImage,
      .point("inputCenter", Point(x: 150, y: 150), "A hexagon is centred here."),
      .number("inputScale", 8, 1...100, "The distance between neighbouring centres, in pixels."),
    ]
  ) { arguments in
    guard let image = arguments.image("inputImage") else { return nil }
    let size = cellSize(arguments)
    let origin = arguments.point("inputCenter")
    return cells(of: image, size: size) { point in
      CellSampling.hexagonCenter(of: point, origin: origin, size: size)
    }
  }

  static let bloom = FilterDescriptor(
    "CIBloom", categories: [.stylize, .video, .stillImage, .builtIn],
    summary: "Softens edges and adds a glow: the image screened with a blur of itself.",
    maths:
      "linear light, premultiplied: screen(c, intensity·b) = c + i·b − c·i·b, b the Gaussian blur of σ = radius; the extent is the input's",
    parameters: [
      .inputImage, .number("inputRadius", 10, 0...100, "The glow's standard deviation, in pixels."),
      .number("inputIntensity", 0.5, 0...1, "How strong the glow is."),
    ]
  ) { arguments in
    guard let image = arguments.image("inputImage") else { return nil }
    let intensity = arguments.float("inputIntensity")
    let blurred = image.blurred(sigma: MoreBlurFilters.radius(arguments))
    return image.combined(with: blurred, extent: image.extent) { pixel, blur in
      let glow = blur * intensity
      return pixel + glow - pixel * glow
    }
  }

  static let gloom = FilterDescriptor(
    "CIGloom", categories: [.stylize, .video, .stillImage, .builtIn],
    summary: "Dulls the highlights: the image multiplied by a blur of itself.",
    maths:
      "linear light, premultiplied: c · mix(1, b, intensity) = c·(1 − i + i·b), b the Gaussian blur of σ = radius; the extent is the input's",
    parameters: [
      .inputImage, .number("inputRadius", 10, 0...100, "The blur's standard deviation, in pixels."),
      .number("inputIntensity", 0.5, 0...1, "How strong the dulling is."),
    ]
  ) { arguments in
    guard let image = arguments.image("inputImage") else { return nil }
    let intensity = arguments.float("inputIntensity")
    let blurred = image.blurred(sigma: MoreBlurFilters.radius(arguments))
    return image.combined(with: blurred, extent: image.extent) { pixel, blur in
      let dulled = pixel * (1 - intensity + intensity * blur)
      return SIMD4(dulled.x, dulled.y, dulled.z, pixel.w)
    }
  }

  static let edges = FilterDescriptor(
    "CIEdges", categories: [.stylize, .video, .stillImage, .builtIn],
    summary: "Shows the edges in colour on black.",
    maths:
      "linear light, per channel: intensity · √(Gx² + Gy²) with Gx, Gy the 3×3 Sobel gradients of the premultiplied channel, at most the pixel's alpha (alpha kept); the extent is the input's",
    parameters: [.inputImage, .number("inputIntensity", 1, 0...10, "How bright the edges are.")]
  ) { arguments in
    guard let image = arguments.image("inputImage") else { return nil }
    let intensity = arguments.float("inputIntensity")
    return image.applying(
      spatial: NeighbourhoodOperation(input: image, reach: 1) { pixel in
        let gx =
          (pixel(1, -1) + 2 * pixel(1, 0) + pixel(1, 1))
          - (pixel(-1, -1) + 2 * pixel(-1, 0) + pixel(-1, 1))
        let gy =
          (pixel(-1, 1) + 2 * pixel(0, 1) + pixel(1, 1))
          - (pixel(-1, -1) + 2 * pixel(0, -1) + pixel(1, -1))
        let alpha = pixel(0, 0).w
        let magnitude = ((gx * gx + gy * gy).squareRoot() * intensity).rgb
        return SIMD4(
          min(magnitude.x, alpha), min(magnitude.y, alpha), min(magnitude.z, alpha), alpha)
      }, extent: image.extent)
  }
}
