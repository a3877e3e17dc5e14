import ReelCore

/// 8-bit premultiplied sRGB pictures into premultiplied linear tiles.
enum PictureDecoding {
  /// The pixels of `picture`, placed with its top-left corner at (x, y), over `rect`.
  static func tile(of picture: Image, x: Double, y: Double, in rect: PixelRect) -> LinearTile {
    guard let left = Int(exactly: x), let top = Int(exactly: y) else {
      // A fractional placement: the picture at whole pixels, then moved by the fraction.
      let whole = FilterImage(
        picture: picture, origin: Point(x: x.rounded(.down), y: y.rounded(.down)))
      let moved = whole.transformed(
        by: AffineTransform(translationX: x - x.rounded(.down), y: y - y.rounded(.down)))
      return FilterEvaluation().tile(of: moved, in: rect)
    }
    var tile = LinearTile(rect: rect)
    let area = rect.intersection(
      PixelRect(x: left, y: top, width: picture.width, height: picture.height))
    guard !area.isEmpty else { return tile }
    let table = TransferFunction.decodeTable
    picture.withUnsafeBytes { bytes in
      for row in area.y..<area.maxY {
        let sourceRow = (row - top) * picture.bytesPerRow
        let targetRow = (row - rect.y) * rect.width - rect.x
        for column in area.x..<area.maxX {
          let offset = sourceRow + (column - left) * 4
          let alpha = bytes[offset + 3]
          guard alpha > 0 else { continue }
          let pixel: SIMD4<Float>
          if alpha == 255 {
            pixel = SIMD4(
              table[Int(bytes[offset + 2])], table[Int(bytes[offset + 1])],
              table[Int(bytes[offset])], 1)
          } else {
            let a = Float(alpha) / 255
            func linear(_ stored: UInt8) -> Float {
              TransferFunction.linearFloat(Float(stored) / Float(alpha)) * a
            }
            pixel = SIMD4(
              linear(bytes[offset + 2]), linear(bytes[offset + 1]), linear(bytes[offset]), a)
          }
          tile.pixels[targetRow + column] = pixel
        }
      }
    }
    return tile
  }
}
