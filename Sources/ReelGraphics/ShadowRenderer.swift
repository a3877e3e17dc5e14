import Foundation
import ReelCore

/// Makes drop shadows: the alpha of a source image, blurred, tinted with the shadow colour.
///
/// The blur is a Gaussian approximated by three successive box blurs per axis (the
/// central limit theorem: three boxes are within a few percent of a Gaussian), each pass
/// O(1) per pixel whatever the radius.
///
/// **Radius → σ.** Core Animation's `shadowRadius` is used as the Gaussian's standard
/// deviation: σ = radius. Design tools that export to both CSS and iOS convert a CSS
/// `box-shadow` blur *B* to `shadowRadius = B / 2`, and CSS defines that blur as a
/// Gaussian with σ = B / 2 — so a `shadowRadius` equals σ. (σ = radius / 2 would make
/// shadows look half as soft as the same values on iOS.) A radius ≤ 0 is a hard edge.
public enum ShadowRenderer {
  /// The Gaussian standard deviation, in pixels, used for a `shadowRadius` (pixels).
  /// Radii above ``PixelLimits/blurRadius`` (256 px) are treated as that (the blur is then
  /// wider than most frames).
  public static func sigma(forRadius radius: Double) -> Double {
    radius.isFinite ? Swift.min(Swift.max(0, radius), PixelLimits.blurRadius.range.upperBound) : 0
  }

  /// The half-widths of the three box blurs that approximate a Gaussian of `sigma` pixels
  /// (box widths `2r + 1` whose variances sum to about σ²).
  public static func boxRadii(sigma: Double) -> [Int] {
    guard sigma > 0 else { return [0, 0, 0] }
    let n = 3.0
    let ideal = (12 * sigma * sigma / n + 1).squareRoot()
    var lower = Int(ideal.rounded(.down))
    if lower % 2 == 0 { lower -= 1 }
    lower = Swift.max(lower, 1)
    let upper = lower + 2
    let l = Double(lower)
    let m = Int(((12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded())
    return (0..<3).map { i in (i < m ? lower : upper) / 2 }
  }

  /// How far, in pixels, the blur of `radius` spreads beyond the source on each side.
  public static func blurExtent(radius: Double) -> Int {
    boxRadii(sigma: sigma(forRadius: radius)).reduce(0, +)
  }

  /// The shadow a source casts.
  ///
  /// - Parameters:
  ///   - source: The image whose alpha casts the shadow (colour channels are ignored).
  ///   - color: Shadow colour; its alpha multiplies `opacity`.
  ///   - opacity: In [0, 1].
  ///   - radius: Blur radius in pixels (Core Animation's `shadowRadius`, σ = radius).
  /// - Returns: The premultiplied shadow (`color × opacity × blurred alpha`), larger than
  ///   the source by ``blurExtent(radius:)`` on every side, and where its top-left corner
  ///   sits relative to the source's top-left corner (`(−extent, −extent)`). The shadow's
  ///   offset is not applied: the caller adds it to `origin`.
  /// - Throws: ``GraphicsError/outOfMemory(_:)`` when the shadow or the blur's two float
  ///   planes (4 bytes a pixel each) cannot be allocated.
  public static func render(alphaOf source: Image, color: Color, opacity: Double, radius: Double)
    throws(GraphicsError) -> (image: Image, origin: Point)
  {
    let radii = boxRadii(sigma: sigma(forRadius: radius))
    let pad = radii.reduce(0, +)
    let width = source.width + 2 * pad
    let height = source.height + 2 * pad
    var output = try Image.allocating(width: width, height: height)
    let strength = Swift.min(Swift.max(opacity, 0), 1) * color.alpha
    guard source.width > 0, source.height > 0, strength > 0 else {
      return (output, Point(x: Double(-pad), y: Double(-pad)))
    }
    // Alpha as floats in the padded frame, and the blur's scratch plane: from the C
    // allocator, zero-filled, so that no room for them is an error rather than a stop.
    let alpha = try FloatPlane(width: width, height: height)
    defer { alpha.free() }
    let scratch = try FloatPlane(width: width, height: height)
    defer { scratch.free() }
    // (`while` loops over raw pointers throughout: as fast in a debug build, where generic
    // ranges and buffer subscripts are not specialised.)
    guard let alphaBase = alpha.samples.baseAddress else {
      return (output, Point(x: Double(-pad), y: Double(-pad)))
    }
    source.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
      var y = 0
      while y < source.height {
        let row = base + y * source.bytesPerRow
        let out = alphaBase + (y + pad) * width + pad
        var x = 0
        while x < source.width {
          out[x] = Float(Int(row[x * 4 + 3]))
          x += 1
        }
        y += 1
      }
    }
    for r in radii where r > 0 {
      boxBlur(
        alpha.samples, into: scratch.samples, count: height, length: width, step: 1,
        lineStride: width, radius: r)
      boxBlur(
        scratch.samples, into: alpha.samples, count: width, length: height, step: width,
        lineStride: 1, radius: r)
    }
    let red = color.red * strength
    let green = color.green * strength
    let blue = color.blue * strength
    let stride = output.bytesPerRow
    output.withUnsafeMutableBytes { bytes in
      guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
      var y = 0
      while y < height {
        let row = alphaBase + y * width
        var x = 0
        while x < width {
          let a = Double(row[x]) / 255
          if a > 0 {
            let o = base + y * stride + x * 4
            o[0] = byte(blue * a)
            o[1] = byte(green * a)
            o[2] = byte(red * a)
            o[3] = byte(strength * a)
          }
          x += 1
        }
        y += 1
      }
    }
    return (output, Point(x: Double(-pad), y: Double(-pad)))
  }

  /// The shadow described by `shadow` (offset not applied; see
  /// ``render(alphaOf:color:opacity:radius:)``).
  ///
  /// - Throws: ``GraphicsError/outOfMemory(_:)`` when the shadow cannot be allocated.
  public static func render(alphaOf source: Image, shadow: Shadow) throws(GraphicsError)
    -> (image: Image, origin: Point)
  {
    try render(
      alphaOf: source, color: shadow.color, opacity: shadow.opacity, radius: shadow.radius)
  }

  /// `v` (0…1) as a byte: × 255, clamped to 0…255, rounded to nearest.
  static func byte(_ v: Double) -> UInt8 {
    let scaled = v * 255
    return UInt8((0 >= scaled ? 0 : (255 < scaled ? 255 : scaled)).rounded())
  }

  /// One box-blur pass along `count` lines of `length` samples (zero outside), each sample
  /// `step` apart, lines `lineStride` apart.
  static func boxBlur(
    _ src: UnsafeMutableBufferPointer<Float>, into dst: UnsafeMutableBufferPointer<Float>,
    count: Int, length: Int, step: Int, lineStride: Int, radius: Int
  ) {
    let scale = 1 / Float(2 * radius + 1)
    guard let source = UnsafePointer(src.baseAddress), let target = dst.baseAddress else {
      return
    }
    let primed = Swift.min(radius, length)
    var line = 0
    while line < count {
      let from = source + line * lineStride
      let to = target + line * lineStride
      var sum: Float = 0
      // Window [i − radius, i + radius] clipped to the line.
      var i = 0
      while i < primed {
        sum += from[i * step]
        i += 1
      }
      i = 0
      while i < length {
        let add = i + radius
        if add < length { sum += from[add * step] }
        let remove = i - radius - 1
        if remove >= 0 { sum -= from[remove * step] }
        let value = sum * scale
        to[i * step] = value >= 0 ? value : 0
        i += 1
      }
      line += 1
    }
  }

  /// `width × height` zero floats from ``PixelMemory`` (so that a refused allocation is an
  /// error); freed with ``free()``.
  struct FloatPlane {
    let samples: UnsafeMutableBufferPointer<Float>

    /// - Throws: ``GraphicsError/outOfMemory(_:)`` when the plane cannot be allocated.
    init(width: Int, height: Int) throws(GraphicsError) {
      let (count, countOverflow) = width.multipliedReportingOverflow(by: height)
      let (bytes, bytesOverflow) = count.multipliedReportingOverflow(
        by: MemoryLayout<Float>.stride)
      guard width >= 0, height >= 0, !countOverflow, !bytesOverflow,
        let memory = PixelMemory.allocate(byteCount: bytes)
      else {
        throw GraphicsError.outOfMemory(
          PixelAllocationError(
            width: width, height: height,
            byteCount: countOverflow || bytesOverflow ? nil : bytes))
      }
      // memset from C, as Image does: 0.0 is all zero bits.
      memset(memory, 0, Swift.max(bytes, 1))
      samples = UnsafeMutableBufferPointer(
        start: memory.bindMemory(to: Float.self, capacity: count), count: count)
    }

    /// Returns the memory.
    func free() {
      if let base = samples.baseAddress { PixelMemory.free(UnsafeMutableRawPointer(base)) }
    }
  }
}
