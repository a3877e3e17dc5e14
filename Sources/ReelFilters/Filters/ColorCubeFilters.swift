import ReelCore

/// A 3D colour lookup table: `dimension`³ RGBA texels, red varying fastest, then green, then
/// blue (Core Image's `inputCubeData` layout and the `.cube` files' order), sampled by
/// trilinear interpolation.
///
/// The texels are premultiplied, as Apple asks of `inputCubeData`: a texel with alpha 0
/// clears the colours that land on it (the chroma key of Apple's sample code).
public struct ColorCube: Sendable {
  /// The length of one side, in texels.
  public let dimension: Int
  /// The texels, RGBA, `dimension`³ × 4 floats.
  public let texels: [Float]
  /// The input value that lands on the first texel of each axis (red, green, blue).
  public let domainMin: SIMD3<Float>
  /// The input value that lands on the last texel of each axis.
  public let domainMax: SIMD3<Float>
  /// For a table made from 1D curves (``init(curves:)``): the curves, which lookups use.
  public internal(set) var curves: ChannelCurves?

  /// The side lengths Reel accepts (Core Image's limits: 2 to 128 texels; a 128³ cube is
  /// 32 MiB of floats).
  public static let dimensions: ClosedRange<Int> = 2...128

  /// Makes a cube.
  ///
  /// - Parameters:
  ///   - dimension: The length of one side, in ``dimensions``.
  ///   - texels: `dimension`³ RGBA texels (4 floats each), red fastest, all finite.
  ///   - domainMin: The input value of each axis's first texel (`DOMAIN_MIN` of a `.cube`).
  ///   - domainMax: The input value of each axis's last texel, above `domainMin`.
  /// - Throws: ``FilterError/invalidValue(filter:key:reason:)`` when a size, a texel or the
  ///   domain is unusable.
  public init(
    dimension: Int, texels: [Float], domainMin: SIMD3<Float> = .zero,
    domainMax: SIMD3<Float> = .one
  ) throws(FilterError) {
    guard Self.dimensions.contains(dimension) else {
      throw .invalidValue(
        filter: "CIColorCube", key: "inputCubeDimension",
        reason:
          "is \(dimension); a cube's side must be \(Self.dimensions.lowerBound)…\(Self.dimensions.upperBound) texels"
      )
    }
    let expected = dimension * dimension * dimension * 4
    guard texels.count == expected else {
      throw .invalidValue(
        filter: "CIColorCube", key: "inputCubeData",
        reason:
          "holds \(texels.count) floats; a cube of side \(dimension) needs \(dimension)³ × 4 = \(expected) (RGBA per texel, red fastest)"
      )
    }
    guard texels.allSatisfy(\.isFinite) else {
      throw .invalidValue(
        filter: "CIColorCube", key: "inputCubeData", reason: "holds a number that is not finite")
    }
    let span = domainMax - domainMin
    guard (0..<3).allSatisfy({ span[$0].isFinite && span[$0] > 0 }) else {
      throw .invalidValue(
        filter: "CIColorCube", key: "domain",
        reason: "runs from \(domainMin) to \(domainMax); each maximum must be above its minimum")
    }
    self.dimension = dimension
    self.texels = texels
    self.domainMin = domainMin
    self.domainMax = domainMax
  }

  /// The cube that gives back its input: texel (r, g, b) holds (r, g, b, 1) / (side − 1).
  public static func identity(dimension: Int) throws(FilterError) -> ColorCube {
    let side = min(max(dimension, dimensions.lowerBound), dimensions.upperBound)
    let last = Float(side - 1)
    var texels: [Float] = []
    texels.reserveCapacity(side * side * side * 4)
    for blue in 0..<side {
      for green in 0..<side {
        for red in 0..<side {
          texels += [Float(red) / last, Float(green) / last, Float(blue) / last, 1]
        }
      }
    }
    return try ColorCube(dimension: side, texels: texels)
  }

  /// The texel at integer coordinates.
  @inline(__always)
  private func texel(_ red: Int, _ green: Int, _ blue: Int) -> SIMD4<Float> {
    let index = ((blue * dimension + green) * dimension + red) * 4
    return SIMD4(texels[index], texels[index + 1], texels[index + 2], texels[index + 3])
  }

  /// The table's value at `rgb` by trilinear interpolation of the eight texels around it.
  ///
  /// - Parameters:
  ///   - rgb: The colour that indexes the table (mapped through the domain onto 0…side − 1).
  ///   - extrapolate: Whether values beyond the domain continue the edge cells' slopes
  ///     (Core Image's `inputExtrapolate`) instead of being clamped to the edge texels.
  /// - Returns: The interpolated texel, premultiplied RGBA.
  public func sample(_ rgb: SIMD3<Float>, extrapolate: Bool = false) -> SIMD4<Float> {
    if let curves {
      let output = curves.apply(rgb)
      return SIMD4(output.x, output.y, output.z, 1)
    }
    let last = Float(dimension - 1)
    var position = (rgb - domainMin) / (domainMax - domainMin) * last
    // NaN indexes the first texel; infinities are clamped below so no index overflows.
    position.replace(with: 0, where: position .!= position)
    position.clamp(lowerBound: SIMD3(repeating: -1e6), upperBound: SIMD3(repeating: 1e6))
    if !extrapolate {
      position.clamp(lowerBound: .zero, upperBound: SIMD3(repeating: last))
    }
    let cell = (position.rounded(.down)).clamped(
      lowerBound: .zero, upperBound: SIMD3(repeating: last - 1))
    let fraction = position - cell
    let r = Int(cell.x)
    let g = Int(cell.y)
    let b = Int(cell.z)
    let fr = fraction.x
    let fg = fraction.y
    let fb = fraction.z
    let c00 = texel(r, g, b) + (texel(r + 1, g, b) - texel(r, g, b)) * fr
    let c10 = texel(r, g + 1, b) + (texel(r + 1, g + 1, b) - texel(r, g + 1, b)) * fr
    let c01 = texel(r, g, b + 1) + (texel(r + 1, g, b + 1) - texel(r, g, b + 1)) * fr
    let c11 = texel(r, g + 1, b + 1) + (texel(r + 1, g + 1, b + 1) - texel(r, g + 1, b + 1)) * fr
    let c0 = c00 + (c10 - c00) * fg
    let c1 = c01 + (c11 - c01) * fg
    return c0 + (c1 - c0) * fb
  }
}

extension ColorOperation {
  /// The colour-cube lookup: each pixel's colour (not premultiplied, in `space`) indexes
  /// `cube`; the texel found (premultiplied, in `space`) is the output, its alpha times the
  /// pixel's.
  ///
  /// - Parameters:
  ///   - cube: The table.
  ///   - space: Where the lookup happens: linear light for `CIColorCube`, the filter's colour
  ///     space for `CIColorCubeWithColorSpace` (sRGB-encoded values for `.cube` files).
  ///   - extrapolate: Whether values beyond the domain extrapolate (see ``ColorCube/sample(_:extrapolate:)``).
  public static func colorCube(
    _ cube: ColorCube, space: ColorSpaceOfOperation, extrapolate: Bool = false,
    name: String = "CIColorCube"
  ) -> ColorOperation {
    // A table is continuous; one with a sharp step (a key's hue band) is refused by the
    // renderer's check and applied exactly.
    let domain = [cube.domainMin, cube.domainMax].flatMap { [$0.x, $0.y, $0.z] }
    let curves = cube.curves.map { $0.values.flatMap { [$0.x, $0.y, $0.z] } } ?? []
    let key =
      [Double(cube.dimension), extrapolate ? 1 : 0, Double(curves.count)]
      + (domain + cube.texels + curves).map(Double.init)
    return ColorOperation(name: name, space: space, isSmooth: true, key: key) { pixel in
      let found = cube.sample(pixel.rgb, extrapolate: extrapolate)
      let alpha = min(max(found.w, 0), 1)
      let colour = alpha > 0 ? found.rgb / alpha : .zero
      return SIMD4(colour.x, colour.y, colour.z, alpha * pixel.w)
    }
  }
}

/// Core Image's 3D lookup tables.
enum ColorCubeFilters {
  static let all: [FilterDescriptor] = [colorCube, colorCubeWithColorSpace]

  static let cubeDimension = FilterParameter.number(
    "inputCubeDimension", 2, 2...128, "The length of one side of the cube, in texels.")
  static let cubeData = FilterParameter(
    key: "inputCubeData", kind: .floatData,
    summary:
      "The table: side³ RGBA texels of 32-bit floats, premultiplied, red fastest (an identity cube when not given)."
  )
  static let extrapolate = FilterParameter.number(
    "inputExtrapolate", 0, 0...1,
    "1 extrapolates the cube for components beyond 0…1; 0 clamps them to its edge.")
  static let colorSpace = FilterParameter(
    key: "inputColorSpace", kind: .colorSpace,
    summary: "The space the lookup happens in (linear sRGB, the working space, when not given).")

  /// The cube the arguments describe.
  static func cube(_ arguments: FilterArguments) throws(FilterError) -> ColorCube {
    let dimension = arguments.number("inputCubeDimension")
    guard let side = Int(exactly: dimension.rounded()), dimension.rounded() == dimension,
      ColorCube.dimensions.contains(side)
    else {
      throw .invalidValue(
        filter: arguments.descriptor.coreImageName, key: "inputCubeDimension",
        reason:
          "is \(ReadableNumber.string(dimension)); it must be a whole number of texels, \(ColorCube.dimensions.lowerBound)…\(ColorCube.dimensions.upperBound)"
      )
    }
    guard let texels = arguments.floats("inputCubeData") else {
      return try ColorCube.identity(dimension: side)
    }
    return try ColorCube(dimension: side, texels: texels)
  }

  /// Looks every pixel up in the cube.
  static let colorCube = FilterDescriptor(
    "CIColorCube", categories: [.colorEffect, .video, .stillImage, .builtIn],
    summary: "Maps colours through a 3D lookup table.",
    maths:
      "linear: trilinear interpolation of the cube at the pixel's unpremultiplied (r, g, b); the texel (premultiplied RGBA) times the pixel's alpha",
    parameters: [.inputImage, cubeDimension, cubeData, extrapolate]
  ) { arguments throws(FilterError) in
    let cube = try cube(arguments)
    return arguments.image("inputImage")?.applying(
      .colorCube(
        cube, space: .linear, extrapolate: arguments.number("inputExtrapolate") >= 0.5,
        name: "CIColorCube"))
  }

  /// Looks every pixel up in the cube, in a colour space of the caller's choosing.
  static let colorCubeWithColorSpace = FilterDescriptor(
    "CIColorCubeWithColorSpace", categories: [.colorEffect, .video, .stillImage, .builtIn],
    summary: "Maps colours through a 3D lookup table indexed in a given colour space.",
    maths:
      "in the colour space given (sRGB: encoded values; linear sRGB: light): trilinear interpolation of the cube at the pixel's unpremultiplied (r, g, b); the texel times the pixel's alpha",
    parameters: [.inputImage, cubeDimension, cubeData, colorSpace, extrapolate]
  ) { arguments throws(FilterError) in
    let cube = try cube(arguments)
    let space = arguments.colorSpace("inputColorSpace") ?? .linearSRGB
    return arguments.image("inputImage")?.applying(
      .colorCube(
        cube, space: space.operationSpace,
        extrapolate: arguments.number("inputExtrapolate") >= 0.5,
        name: "CIColorCubeWithColorSpace"))
  }
}
