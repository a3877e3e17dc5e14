import CGraphics

/// An owning handle on a `pixman_image_t`, released with `pixman_image_unref` in `deinit`.
///
/// Images made over borrowed pixels (``init(format:width:height:bits:rowStride:operation:)``)
/// must not outlive the closure that lent the pointer; callers keep them local to it.
final class PixmanImage {
  let handle: OpaquePointer

  /// Wraps existing pixels (not copied).
  ///
  /// - Parameters:
  ///   - format: A pixman format such as `PIXMAN_a8r8g8b8` or `PIXMAN_a8`.
  ///   - bits: The first pixel; pixman reads (and, for a destination, writes) through it.
  ///   - rowStride: Bytes between rows, a multiple of 4.
  ///   - operation: Named in the error when pixman refuses.
  init(
    format: pixman_format_code_t, width: Int, height: Int, bits: UnsafeMutableRawPointer,
    rowStride: Int, operation: String
  ) throws(GraphicsError) {
    guard
      let image = pixman_image_create_bits(
        format, Int32(width), Int32(height), bits.assumingMemoryBound(to: UInt32.self),
        Int32(rowStride))
    else { throw GraphicsError.pixman(operation: operation) }
    handle = image
  }

  /// A solid image of opaque white scaled by `alpha` (0…0xFFFF), used as an opacity mask.
  init(solidAlpha alpha: UInt16, operation: String) throws(GraphicsError) {
    var colour = pixman_color_t(red: alpha, green: alpha, blue: alpha, alpha: alpha)
    guard let image = pixman_image_create_solid_fill(&colour) else {
      throw GraphicsError.pixman(operation: operation)
    }
    handle = image
  }

  deinit { pixman_image_unref(handle) }

  /// Sets the destination → source transform (column-vector rows, as pixman stores them),
  /// with bilinear filtering and transparent texels outside the image.
  func setBilinearTransform(rows: [SIMD3<Double>], operation: String) throws(GraphicsError) {
    var transform = pixman_transform()
    withUnsafeMutableBytes(of: &transform.matrix) { raw in
      let cells = raw.bindMemory(to: pixman_fixed_t.self)
      for row in 0..<3 {
        cells[row * 3] = reel_pixman_double_to_fixed(rows[row].x)
        cells[row * 3 + 1] = reel_pixman_double_to_fixed(rows[row].y)
        cells[row * 3 + 2] = reel_pixman_double_to_fixed(rows[row].z)
      }
    }
    guard pixman_image_set_transform(handle, &transform) != 0,
      pixman_image_set_filter(handle, PIXMAN_FILTER_BILINEAR, nil, 0) != 0
    else { throw GraphicsError.pixman(operation: operation) }
    pixman_image_set_repeat(handle, PIXMAN_REPEAT_NONE)
  }
}
