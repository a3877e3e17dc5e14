import Foundation
import ReelCore

/// White balance, vibrance and the eight `CIPhotoEffect…` looks.
enum LookFilters {
  static let all: [FilterDescriptor] =
    [temperatureAndTint, vibrance, whitePointAdjust] + PhotoLook.all.map(\.descriptor)

  /// A chromatic adaptation (Bradford) from the white of `inputNeutral` to the white of
  /// `inputTargetNeutral`, each a (temperature in kelvin, tint) pair.
  static let temperatureAndTint = FilterDescriptor(
    "CITemperatureAndTint", categories: [.colorAdjustment, .video, .stillImage, .builtIn],
    summary: "Adapts the image from one white point (temperature, tint) to another.",
    maths:
      "linear: Bradford adaptation M = sRGB←XYZ · B⁻¹ · diag(LMS(target)/LMS(neutral)) · B · XYZ←sRGB, each white the Planckian locus at the temperature (Krystek's approximation in CIE 1960 uv) moved tint/3000 along the locus normal (positive toward magenta); a neutral above the target warms, below cools",
    parameters: [
      .inputImage,
      .vector("inputNeutral", [6500, 0], "The white the image was lit by: (kelvin, tint)."),
      .vector("inputTargetNeutral", [6500, 0], "The white it should have: (kelvin, tint)."),
    ]
  ) { arguments in
    let source = arguments.vector("inputNeutral")
    let target = arguments.vector("inputTargetNeutral")
    let matrix = WhiteBalance.adaptation(
      from: WhiteBalance.white(kelvin: source[0], tint: source[1]),
      to: WhiteBalance.white(kelvin: target[0], tint: target[1]))
    return arguments.image("inputImage")?.applying(
      ColorOperation(name: "CITemperatureAndTint", space: .linear, isSmooth: true) { pixel in
        pixel.with(rgb: matrix.apply(pixel.rgb))
      })
  }

  /// Saturation raised most where colours are dull.
  static let vibrance = FilterDescriptor(
    "CIVibrance", categories: [.colorAdjustment, .video, .stillImage, .builtIn],
    summary: "Raises the saturation of dull colours more than of vivid ones.",
    maths:
      "on encoded values: Y + (c − Y)·(1 + amount·(1 − (max(c) − min(c)))), Y the luma; vivid colours (max − min near 1) change little",
    parameters: [
      .inputImage, .number("inputAmount", 0, -1...1, "Below 0 duller, above 0 more vivid."),
    ]
  ) { arguments in
    let amount = arguments.float("inputAmount")
    return arguments.image("inputImage")?.applying(
      ColorOperation(name: "CIVibrance", space: .encoded) { pixel in
        let rgb = pixel.rgb
        let grey = SIMD3(repeating: luminance(rgb))
        let scale = 1 + amount * (1 - (rgb.max() - rgb.min()))
        return pixel.with(rgb: grey + (rgb - grey) * scale)
      })
  }

  /// Each linear channel scaled by the colour that white becomes.
  static let whitePointAdjust = FilterDescriptor(
    "CIWhitePointAdjust", categories: [.colorAdjustment, .video, .stillImage, .builtIn],
    summary: "Maps white to a colour, and every colour in proportion.",
    maths: "linear c · colour per channel (white becomes the colour)",
    parameters: [
      .inputImage,
      .color("inputColor", LinearColor(red: 1, green: 1, blue: 1), "The colour white becomes."),
    ]
  ) { arguments in
    let white = arguments.color("inputColor").components
    let gain = SIMD3(white.x, white.y, white.z)
    return arguments.image("inputImage")?.applying(
      ColorOperation(name: "CIWhitePointAdjust", space: .linear, isSmooth: true) { pixel in
        pixel.with(rgb: pixel.rgb * gain)
      })
  }
}

/// One of Apple's `CIPhotoEffect…` looks. Apple documents only their intent, so each is one
/// recipe on sRGB-encoded values: saturation s about the luma Y, contrast k about mid-grey,
/// then a per-channel gain and lift — the numbers below are Reel's choice.
struct PhotoLook: Sendable {
  let name: String
  let summary: String
  let saturation: Float
  let contrast: Float
  let gain: SIMD3<Float>
  let lift: SIMD3<Float>

  static let all: [PhotoLook] = [
    PhotoLook(
      name: "CIPhotoEffectChrome", summary: "Exaggerated colour, as a chrome slide film.",
      saturation: 1.35, contrast: 1.1, gain: [1, 1, 1], lift: [0, 0, 0]),
    PhotoLook(
      name: "CIPhotoEffectFade", summary: "Diminished colour with lifted blacks.",
      saturation: 0.6, contrast: 0.85, gain: [0.95, 0.95, 0.92], lift: [0.05, 0.05, 0.06]),
    PhotoLook(
      name: "CIPhotoEffectInstant", summary: "A warm, faded instant-print look.",
      saturation: 0.8, contrast: 0.9, gain: [1.02, 0.98, 0.86], lift: [0.04, 0.03, 0.06]),
    PhotoLook(
      name: "CIPhotoEffectMono", summary: "Black and white with low contrast.",
      saturation: 0, contrast: 0.8, gain: [1, 1, 1], lift: [0, 0, 0]),
    PhotoLook(
      name: "CIPhotoEffectNoir", summary: "Black and white with exaggerated contrast.",
      saturation: 0, contrast: 1.5, gain: [1, 1, 1], lift: [0, 0, 0]),
    PhotoLook(
      name: "CIPhotoEffectProcess", summary: "A cool look that emphasises blues and greens.",
      saturation: 0.9, contrast: 1.05, gain: [0.9, 1, 1.06], lift: [0, 0.02, 0.04]),
    PhotoLook(
      name: "CIPhotoEffectTonal", summary: "Black and white without changing contrast.",
      saturation: 0, contrast: 1, gain: [1, 1, 1], lift: [0, 0, 0]),
    PhotoLook(
      name: "CIPhotoEffectTransfer", summary: "A warm look that emphasises reds and yellows.",
      saturation: 1.1, contrast: 1.05, gain: [1.08, 1.02, 0.88], lift: [0.02, 0.01, 0]),
  ]

  /// The look applied to one encoded colour.
  @inline(__always)
  func apply(_ rgb: SIMD3<Float>) -> SIMD3<Float> {
    let grey = SIMD3(repeating: luminance(rgb))
    let saturated = grey + (rgb - grey) * saturation
    return ((saturated - 0.5) * contrast + 0.5) * gain + lift
  }

  var maths: String {
    func numbers(_ v: SIMD3<Float>) -> String {
      "(\(ReadableNumber.string(Double(v.x))), \(ReadableNumber.string(Double(v.y))), \(ReadableNumber.string(Double(v.z))))"
    }
    return
      "on encoded values: ((Y + (c − Y)·s − ½)·k + ½)·gain + lift with s = \(ReadableNumber.string(Double(saturation))), k = \(ReadableNumber.string(Double(contrast))), gain = \(numbers(gain)), lift = \(numbers(lift)) (Reel's choice: Apple documents only the intent)"
  }

  var descriptor: FilterDescriptor {
    let look = self
    return FilterDescriptor(
      name, categories: [.colorEffect, .video, .stillImage, .builtIn], summary: summary,
      maths: maths, parameters: [.inputImage]
    ) { arguments in
      arguments.image("inputImage")?.applying(
        ColorOperation(name: look.name, space: .encoded, isSmooth: true) { pixel in
          pixel.with(rgb: look.apply(pixel.rgb))
        })
    }
  }
}

/// White points by colour temperature and tint, and the Bradford adaptation between them.
enum WhiteBalance {
  /// A 3×3 matrix by rows.
  struct Matrix: Sendable {
    var rows: [SIMD3<Double>]

    static func * (a: Matrix, b: Matrix) -> Matrix {
      let columns = (0..<3).map { column in
        SIMD3(b.rows[0][column], b.rows[1][column], b.rows[2][column])
      }
      return Matrix(
        rows: a.rows.map { row in
          SIMD3((row * columns[0]).sum(), (row * columns[1]).sum(), (row * columns[2]).sum())
        })
    }

    func apply(_ v: SIMD3<Double>) -> SIMD3<Double> {
      SIMD3((rows[0] * v).sum(), (rows[1] * v).sum(), (rows[2] * v).sum())
    }

    /// Applied to a colour in single precision.
    func apply(_ v: SIMD3<Float>) -> SIMD3<Float> {
      let result = apply(SIMD3<Double>(Double(v.x), Double(v.y), Double(v.z)))
      return SIMD3(Float(result.x), Float(result.y), Float(result.z))
    }
  }

  /// Linear sRGB (D65) → CIE XYZ (IEC 61966-2-1).
  static let xyzFromSRGB = Matrix(rows: [
    [0.412_456_4, 0.357_576_1, 0.180_437_5], [0.212_672_9, 0.715_152_2, 0.072_175_0],
    [0.019_333_9, 0.119_192_0, 0.950_304_1],
  ])
  /// CIE XYZ → linear sRGB (the inverse of ``xyzFromSRGB``).
  static let srgbFromXYZ = Matrix(rows: [
    [3.240_454_2, -1.537_138_5, -0.498_531_4], [-0.969_266_0, 1.876_010_8, 0.041_556_0],
    [0.055_643_4, -0.204_025_9, 1.057_225_2],
  ])
  /// The Bradford cone response and its inverse.
  static let bradford = Matrix(rows: [
    [0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296],
  ])
  static let bradfordInverse = Matrix(rows: [
    [0.986_992_9, -0.147_054_3, 0.159_962_7], [0.432_305_3, 0.518_360_3, 0.049_291_2],
    [-0.008_528_5, 0.040_042_8, 0.968_486_7],
  ])

  /// CIE 1960 (u, v) of the Planckian locus at `kelvin` (Krystek 1985; 1000…15 000 K, the
  /// temperature clamped to that range).
  static func planckian(kelvin: Double) -> (u: Double, v: Double) {
    let t = min(max(kelvin, 1000), 15_000)
    let u =
      (0.860_117_757 + 1.541_182_54e-4 * t + 1.286_412_12e-7 * t * t)
      / (1 + 8.424_202_35e-4 * t + 7.081_451_63e-7 * t * t)
    let v =
      (0.317_398_726 + 4.228_062_45e-5 * t + 4.204_816_91e-8 * t * t)
      / (1 - 2.897_418_16e-5 * t + 1.614_560_53e-7 * t * t)
    return (u, v)
  }

  /// The XYZ white (Y = 1) of a temperature and tint: the locus point moved `tint`/3000 along
  /// the locus normal in (u, v), positive toward magenta (less green).
  static func white(kelvin: Double, tint: Double) -> SIMD3<Double> {
    let here = planckian(kelvin: kelvin)
    let step = 1.0
    let ahead = planckian(kelvin: min(max(kelvin, 1000), 15_000) + step)
    let behind = planckian(kelvin: min(max(kelvin, 1000), 15_000) - step)
    var du = ahead.u - behind.u
    var dv = ahead.v - behind.v
    let length = (du * du + dv * dv).squareRoot()
    if length > 0 {
      du /= length
      dv /= length
    }
    // The normal turned from the tangent so that it points to lower v (magenta).
    let (nu, nv) = du < 0 ? (-dv, du) : (dv, -du)
    let u = here.u + tint / 3000 * nu
    let v = here.v + tint / 3000 * nv
    let denominator = 2 * u - 8 * v + 4
    let x = 3 * u / denominator
    let y = 2 * v / denominator
    return SIMD3(x / y, 1, (1 - x - y) / y)
  }

  /// The linear-sRGB matrix adapting colours seen under `source` white to `target` white.
  static func adaptation(from source: SIMD3<Double>, to target: SIMD3<Double>) -> Matrix {
    let sourceCones = bradford.apply(source)
    let targetCones = bradford.apply(target)
    let ratio = targetCones / sourceCones
    let scale = Matrix(rows: [[ratio.x, 0, 0], [0, ratio.y, 0], [0, 0, ratio.z]])
    return srgbFromXYZ * bradfordInverse * scale * bradford * xyzFromSRGB
  }
}
