import ReelCore

extension Image {
  /// The part of the image inside `rect`, as a new image.
  ///
  /// - Parameter rect: In this image's pixels. A pixel is kept when its centre
  ///   (i + ½, j + ½) lies inside the rectangle, so whole-pixel rectangles crop exactly;
  ///   the part outside the image is dropped.
  /// - Returns: The cropped pixels (unchanged values), or an empty (0×0) image when the
  ///   rectangle misses the image.
  /// - Throws: ``GraphicsError/outOfMemory(_:)`` when the result cannot be allocated.
  public func cropped(to rect: Rect) throws(GraphicsError) -> Image {
    let box = PixelBox(centresIn: rect).intersection(
      PixelBox(x0: 0, y0: 0, x1: width, y1: height))
    guard !box.isEmpty else { return Image(width: 0, height: 0) }
    var result = try Image.allocating(width: box.width, height: box.height)
    let sourceStride = bytesPerRow
    let targetStride = result.bytesPerRow
    let rowBytes = box.width * 4
    withUnsafeBytes { source in
      result.withUnsafeMutableBytes { target in
        guard let from = source.baseAddress, let to = target.baseAddress else { return }
        for row in 0..<box.height {
          (to + row * targetStride).copyMemory(
            from: from + (box.y0 + row) * sourceStride + box.x0 * 4, byteCount: rowBytes)
        }
      }
    }
    return result
  }
}
