import Foundation
import ReelCore

@testable import ReelFilters

/// Pictures and expected values the filter tests share.
enum FilterTestSupport {
  /// An opaque picture whose every pixel differs: red across, green down, blue mixed.
  static func gradientPicture(width: Int = 48, height: Int = 32) -> Image {
    var image = Image(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        image.setPixel(
          x: x, y: y,
          BGRA(
            blue: UInt8((x * 7 + y * 11) % 256), green: UInt8(y * 255 / max(height - 1, 1)),
            red: UInt8(x * 255 / max(width - 1, 1)), alpha: 255))
      }
    }
    return image
  }

  /// sRGB-encoded 0…1 → linear (the IEC 61966-2-1 curve, in Double).
  static func linear(_ encoded: Double) -> Double {
    encoded <= 0.04045 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
  }

  /// Linear 0…1 (clamped) → sRGB-encoded 0…1.
  static func encoded(_ linear: Double) -> Double {
    let value = min(max(linear, 0), 1)
    return value <= 0.0031308 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055
  }

  /// An 8-bit level from an encoded value.
  static func level(_ encoded: Double) -> Int { Int((min(max(encoded, 0), 1) * 255).rounded()) }

  /// The largest channel difference between two pictures of one size.
  static func maximumDifference(
    _ picture: Image, expected: (Int, Int) -> (red: Int, green: Int, blue: Int)
  ) -> Int {
    var worst = 0
    for y in 0..<picture.height {
      for x in 0..<picture.width {
        let pixel = picture[x: x, y: y]
        let want = expected(x, y)
        worst = max(
          worst, abs(Int(pixel.red) - want.red), abs(Int(pixel.green) - want.green),
          abs(Int(pixel.blue) - want.blue))
      }
    }
    return worst
  }
}

extension Image {
  /// Sets one pixel (tests only).
  mutating func setPixel(x: Int, y: Int, _ pixel: BGRA) {
    let stride = bytesPerRow
    withUnsafeMutableBytes { bytes in
      let offset = y * stride + x * 4
      bytes[offset] = pixel.blue
      bytes[offset + 1] = pixel.green
      bytes[offset + 2] = pixel.red
      bytes[offset + 3] = pixel.alpha
    }
  }
}

/// The largest absolute difference between two vectors' lanes.
func largestDifference<V: SIMD>(_ first: V, _ second: V) -> V.Scalar
where V.Scalar: FloatingPoint {
  var worst: V.Scalar = 0
  for lane in first.indices { worst = max(worst, abs(first[lane] - second[lane])) }
  return worst
}
