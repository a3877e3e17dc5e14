import ReelCore

/// Premultiplied RGBA in linear light, 32-bit float per channel, over a rectangle of the
/// filter plane: what every filter step reads and writes.
///
/// Channels are (red, green, blue, alpha), colour premultiplied by alpha, in linear sRGB
/// (Core Image's working space). Values may leave 0…1 between steps (as Core Image's float
/// intermediates do); they are clamped only when written to 8-bit pixels.
public struct LinearTile: Sendable {
  /// The pixels this tile holds.
  public let rect: PixelRect
  /// Row by row from the top-left pixel, `rect.width` per row.
  public var pixels: [SIMD4<Float>]

  /// Makes a tile of transparent black.
  public init(rect: PixelRect) {
    self.rect = rect
    self.pixels = Array(repeating: .zero, count: rect.area)
  }

  /// Makes a tile whose pixels `fill` writes, every one of them (row by row, `rect.width`
  /// per row): the pixels are not cleared first.
  init(rect: PixelRect, filling fill: (UnsafeMutableBufferPointer<SIMD4<Float>>) -> Void) {
    self.rect = rect
    self.pixels = Array(unsafeUninitializedCapacity: rect.area) { buffer, count in
      fill(buffer)
      count = rect.area
    }
  }

  /// Makes a tile from its pixels (`pixels.count` must be `rect.area`).
  init(rect: PixelRect, pixels: [SIMD4<Float>]) {
    precondition(pixels.count == rect.area, "a tile's pixels must fill its rectangle")
    self.rect = rect
    self.pixels = pixels
  }

  /// The pixel at (x, y) in plane coordinates; transparent black outside ``rect``.
  public subscript(x x: Int, y y: Int) -> SIMD4<Float> {
    guard rect.contains(x: x, y: y) else { return .zero }
    return pixels[(y - rect.y) * rect.width + (x - rect.x)]
  }

  /// The part of this tile over `rect`, which it must contain.
  func cropped(to rect: PixelRect) -> LinearTile {
    let width = self.rect.width
    return pixels.withUnsafeBufferPointer { source in
      LinearTile(rect: rect) { target in
        for row in 0..<rect.height {
          let from = (rect.y - self.rect.y + row) * width + (rect.x - self.rect.x)
          for column in 0..<rect.width { target[row * rect.width + column] = source[from + column] }
        }
      }
    }
  }

  /// The pixel nearest to (x, y) inside ``rect`` (edge pixels repeat outward).
  func clampedPixel(x: Int, y: Int) -> SIMD4<Float> {
    guard !rect.isEmpty else { return .zero }
    let column = min(max(x, rect.x), rect.maxX - 1) - rect.x
    let row = min(max(y, rect.y), rect.maxY - 1) - rect.y
    return pixels[row * rect.width + column]
  }

  /// The bilinear sample at the plane point (px, py), pixel centres at half-integers;
  /// transparent black beyond the tile.
  func bilinearSample(x px: Double, y py: Double) -> SIMD4<Float> {
    let fx = px - 0.5
    let fy = py - 0.5
    let left = fx.rounded(.down)
    let top = fy.rounded(.down)
    guard let column = Int(exactly: left), let row = Int(exactly: top) else { return .zero }
    let wx = Float(fx - left)
    let wy = Float(fy - top)
    let upper = self[x: column, y: row] * (1 - wx) + self[x: column + 1, y: row] * wx
    let lower = self[x: column, y: row + 1] * (1 - wx) + self[x: column + 1, y: row + 1] * wx
    return upper * (1 - wy) + lower * wy
  }
}
