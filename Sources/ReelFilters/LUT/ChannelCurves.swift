/// A one-dimensional lookup table (a `.cube` file's `LUT_1D_SIZE`): each output channel a
/// function of the same input channel alone, given at evenly spaced inputs and linearly
/// interpolated between them.
public struct ChannelCurves: Sendable, Equatable {
  /// Entry `i` holds the (red, green, blue) outputs for the input
  /// `domainMin + i / (count − 1) · (domainMax − domainMin)` of each channel.
  public let values: [SIMD3<Float>]
  /// The input value of each channel's first entry.
  public let domainMin: SIMD3<Float>
  /// The input value of each channel's last entry.
  public let domainMax: SIMD3<Float>

  /// The entry counts Reel accepts (the `.cube` specification's 2…65536).
  public static let sizes: ClosedRange<Int> = 2...65_536

  /// Makes a table.
  ///
  /// - Throws: ``FilterError/invalidValue(filter:key:reason:)`` when the count is outside
  ///   ``sizes``, a value is not finite, or a domain maximum is not above its minimum.
  public init(
    values: [SIMD3<Float>], domainMin: SIMD3<Float> = .zero, domainMax: SIMD3<Float> = .one
  )
    throws(FilterError)
  {
    guard Self.sizes.contains(values.count) else {
      throw .invalidValue(
        filter: "lut", key: "LUT_1D_SIZE",
        reason:
          "is \(values.count); a 1D table has \(Self.sizes.lowerBound)…\(Self.sizes.upperBound) entries"
      )
    }
    guard values.allSatisfy({ $0.x.isFinite && $0.y.isFinite && $0.z.isFinite }) else {
      throw .invalidValue(
        filter: "lut", key: "LUT_1D table", reason: "holds a number that is not finite")
    }
    let span = domainMax - domainMin
    guard (0..<3).allSatisfy({ span[$0].isFinite && span[$0] > 0 }) else {
      throw .invalidValue(
        filter: "lut", key: "domain",
        reason: "runs from \(domainMin) to \(domainMax); each maximum must be above its minimum")
    }
    self.values = values
    self.domainMin = domainMin
    self.domainMax = domainMax
  }

  /// Each channel of `rgb` looked up in its own column: clamped to the domain, then linearly
  /// interpolated between the two entries around it.
  public func apply(_ rgb: SIMD3<Float>) -> SIMD3<Float> {
    let last = Float(values.count - 1)
    var position = (rgb - domainMin) / (domainMax - domainMin) * last
    position.replace(with: 0, where: position .!= position)
    position.clamp(lowerBound: .zero, upperBound: SIMD3(repeating: last))
    var result = SIMD3<Float>.zero
    for channel in 0..<3 {
      let below = min(Int(position[channel]), values.count - 2)
      let fraction = position[channel] - Float(below)
      let low = values[below][channel]
      result[channel] = low + (values[below + 1][channel] - low) * fraction
    }
    return result
  }
}

extension ColorCube {
  /// The side of the 3D texels kept alongside a 1D table (for code that reads ``texels``:
  /// a sampling of the same function; lookups use the 1D table itself).
  static let sideForCurves = 17

  /// A table that applies 1D `curves`: ``sample(_:extrapolate:)`` interpolates them
  /// linearly per channel (exactly, at any entry count), and ``texels`` hold a 17³ sampling
  /// of the same function.
  ///
  /// - Throws: ``FilterError`` as ``init(dimension:texels:domainMin:domainMax:)``.
  public init(curves: ChannelCurves) throws(FilterError) {
    let side = Self.sideForCurves
    var texels: [Float] = []
    texels.reserveCapacity(side * side * side * 4)
    let span = curves.domainMax - curves.domainMin
    for blue in 0..<side {
      for green in 0..<side {
        for red in 0..<side {
          let input =
            curves.domainMin + SIMD3(Float(red), Float(green), Float(blue))
            / Float(side - 1) * span
          let output = curves.apply(input)
          texels += [output.x, output.y, output.z, 1]
        }
      }
    }
    try self.init(
      dimension: side, texels: texels, domainMin: curves.domainMin, domainMax: curves.domainMax)
    self.curves = curves
  }
}
