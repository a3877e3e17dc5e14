import ReelCore

extension Image {
  /// The image flattened onto an opaque background colour: every pixel becomes
  /// `p + background · (255 − pα) / 255` (exactly rounded) with alpha 255.
  ///
  /// - Parameter background: The colour behind the image; its alpha is ignored (treated
  ///   as opaque).
  /// - Returns: An opaque image of the same size.
  /// - Throws: ``GraphicsError/outOfMemory(_:)`` when the result cannot be allocated.
  public func opaqueOver(background: Color) throws(GraphicsError) -> Image {
    let opaque = background.withAlpha(1).premultipliedBGRA
    let backgroundWord =
      UInt32(opaque.blue) | UInt32(opaque.green) << 8 | UInt32(opaque.red) << 16 | 0xFF00_0000
    let backgroundLanes = BlendKernels.expand(backgroundWord)
    var result = try Image.allocating(width: width, height: height)
    let sourceStride = bytesPerRow
    let targetStride = result.bytesPerRow
    let width = self.width
    let height = self.height
    withUnsafeBytes { source in
      result.withUnsafeMutableBytes { target in
        guard let from = source.baseAddress, let to = target.baseAddress else { return }
        for y in 0..<height {
          let input = (from + y * sourceStride).assumingMemoryBound(to: UInt32.self)
          let output = (to + y * targetStride).assumingMemoryBound(to: UInt32.self)
          for x in 0..<width {
            let pixel = input[x]
            let alpha = pixel >> 24
            if alpha == 255 {
              output[x] = pixel
            } else if alpha == 0 {
              output[x] = backgroundWord
            } else {
              output[x] = BlendKernels.pack(
                BlendKernels.over(BlendKernels.expand(pixel), backgroundLanes))
            }
          }
        }
      }
    }
    return result
  }

  /// Draws `source` onto this image; shorthand for
  /// ``Compositor/draw(_:onto:transform:opacity:clip:blend:)``.
  ///
  /// - Throws: ``GraphicsError/pixman(operation:)`` when pixman cannot make its images.
  public mutating func draw(
    _ source: Image, transform: Transform3D = .identity, opacity: Double = 1,
    clip: Compositor.Clip? = nil, blend: Compositor.BlendMode = .sourceOver
  ) throws(GraphicsError) {
    try Compositor.draw(
      source, onto: &self, transform: transform, opacity: opacity, clip: clip, blend: blend)
  }
}
