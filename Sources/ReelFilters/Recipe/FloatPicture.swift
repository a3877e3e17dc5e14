import ReelCore

extension FilterImage {
  /// An opaque picture of sRGB-encoded float colours (a 10-bit or deeper source, kept at its
  /// precision rather than rounded to 8 bits), placed with its top-left corner at `origin`.
  ///
  /// - Parameters:
  ///   - width: Pixels across (`colors.count` must be `width · height`).
  ///   - colors: Row by row from the top-left pixel: red, green, blue, sRGB-encoded, 0…1.
  ///   - origin: Where the top-left corner goes (whole pixels: it is rounded down).
  public convenience init(encodedColors colors: [SIMD3<Float>], width: Int, origin: Point) {
    let height = width > 0 ? colors.count / width : 0
    let rect = PixelRect(
      x: Int(exactly: origin.x.rounded(.down)) ?? 0, y: Int(exactly: origin.y.rounded(.down)) ?? 0,
      width: width, height: height)
    let pixels = colors.prefix(rect.area).map { color in
      SIMD4(
        TransferFunction.linearFloat(color.x), TransferFunction.linearFloat(color.y),
        TransferFunction.linearFloat(color.z), 1)
    }
    self.init(
      step: .spatial(FloatPicture(tile: LinearTile(rect: rect, pixels: pixels))), extent: rect.rect)
  }
}

extension LinearTile {
  /// The pixel at `index` (row by row) drawn over opaque black, sRGB-encoded, each channel
  /// clamped to 0…1: what a video frame without alpha holds.
  public func encodedColorOverBlack(at index: Int) -> SIMD3<Float> {
    let pixel = pixels[index]
    // The exact curve (not the 8-bit path's table): 10-bit destinations see the difference.
    func channel(_ value: Float) -> Float {
      Float(TransferFunction.encoded(fromLinear: Double(value.isNaN ? 0 : min(max(value, 0), 1))))
    }
    return SIMD3(channel(pixel.x), channel(pixel.y), channel(pixel.z))
  }
}

/// A picture already in linear float: its tile, cut or padded to the rectangle asked for.
struct FloatPicture: SpatialOperation {
  let tile: LinearTile
  var inputs: [FilterImage] { [] }
  var rowReach: Int? { 0 }

  func render(in rect: PixelRect, evaluation: FilterEvaluation) -> LinearTile {
    if tile.rect == rect { return tile }
    if tile.rect.contains(rect) { return tile.cropped(to: rect) }
    return FilterEvaluation.embed(tile, in: rect)
  }
}
