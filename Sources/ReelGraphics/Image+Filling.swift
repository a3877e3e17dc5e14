import ReelCore

extension Image {
  /// A new image of one colour.
  ///
  /// - Parameters:
  ///   - width: Width in pixels, ≥ 0.
  ///   - height: Height in pixels, ≥ 0.
  ///   - color: The fill; stored premultiplied (``Color/premultipliedBGRA``).
  /// - Returns: The filled image.
  /// - Throws: ``GraphicsError/outOfMemory(_:)`` when the image cannot be allocated (or a
  ///   size is negative).
  public static func filled(width: Int, height: Int, color: Color) throws(GraphicsError)
    -> Image
  {
    var image = try Image.allocatingUninitialized(width: width, height: height)
    image.fill(with: color.premultipliedBGRA)
    return image
  }

  /// Fills the pixels inside `rect` with a colour.
  ///
  /// - Parameters:
  ///   - rect: In pixels; a pixel is filled when its centre lies inside (whole-pixel
  ///     rectangles fill exactly). The part outside the image is ignored.
  ///   - color: The colour, premultiplied as ``Color/premultipliedBGRA``.
  ///   - blend: ``Compositor/BlendMode/copy`` (default) stores the colour;
  ///     ``Compositor/BlendMode/sourceOver`` blends it over the pixels (exactly rounded).
  public mutating func fill(
    _ rect: Rect, with color: Color, blend: Compositor.BlendMode = .copy
  ) {
    let box = PixelBox(centresIn: rect).intersection(
      PixelBox(x0: 0, y0: 0, x1: width, y1: height))
    guard !box.isEmpty else { return }
    let pixel = color.premultipliedBGRA
    let word =
      UInt32(pixel.blue) | UInt32(pixel.green) << 8 | UInt32(pixel.red) << 16
      | UInt32(pixel.alpha) << 24
    let stride = bytesPerRow
    let isCopy = blend == .copy || pixel.alpha == 255
    if !isCopy && pixel.alpha == 0 { return }
    let expanded = BlendKernels.expand(word)
    withUnsafeMutableBytes { raw in
      guard let base = raw.baseAddress else { return }
      for y in box.y0..<box.y1 {
        let row = (base + y * stride).assumingMemoryBound(to: UInt32.self) + box.x0
        if isCopy {
          row.update(repeating: word, count: box.width)
        } else {
          for x in 0..<box.width {
            row[x] = BlendKernels.pack(
              BlendKernels.over(expanded, BlendKernels.expand(row[x])))
          }
        }
      }
    }
  }
}
