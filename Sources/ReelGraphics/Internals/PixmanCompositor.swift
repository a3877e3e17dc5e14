import CGraphics
import ReelCore

/// The ``Compositor/Engine/pixman`` implementation: everything through
/// `pixman_image_composite32`.
enum PixmanCompositor {
  /// Draws `source` onto the destination pixels through pixman.
  ///
  /// - Parameters:
  ///   - integerOffset: Set when the transform is a whole-pixel translation (no resampling).
  ///   - warp: The prepared geometry otherwise (its inverse becomes pixman's transform).
  static func draw(
    source: Image, destination: UnsafeMutableRawBufferPointer, destinationSize: (Int, Int),
    destinationStride: Int, integerOffset: (x: Int, y: Int)?, warp: PerspectiveWarp?,
    region: ClipRegion, opacity: UInt64, isCopy: Bool
  ) throws(GraphicsError) {
    guard let destinationBase = destination.baseAddress else { return }
    var box = region.box
    if let offset = integerOffset {
      box = box.intersection(
        PixelBox(
          x0: offset.x, y0: offset.y, x1: offset.x + source.width, y1: offset.y + source.height))
    } else if let warp {
      box = box.intersection(warp.bounds)
    } else {
      return
    }
    guard !box.isEmpty else { return }
    let operation = "pixman_image_composite32"
    let target = try PixmanImage(
      format: PIXMAN_a8r8g8b8, width: destinationSize.0, height: destinationSize.1,
      bits: destinationBase, rowStride: destinationStride, operation: operation)

    // The mask: clip coverage × opacity as an A8 image over the box, or a solid opacity.
    let maskStride = (box.width + 3) & ~3
    var maskBytes: UnsafeMutablePointer<UInt8>?
    defer { maskBytes?.deallocate() }
    if let coverage = region.coverage {
      let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: maskStride * box.height)
      bytes.initialize(repeating: 0, count: maskStride * box.height)
      maskBytes = bytes
      for y in box.y0..<box.y1 {
        let row = coverage.pointer(x: box.x0, y: y)
        for x in 0..<box.width {
          let value = UInt64(row[x * coverage.pixelStride])
          bytes[(y - box.y0) * maskStride + x] = UInt8(
            BlendKernels.multiplyScalar(value, opacity))
        }
      }
    }

    try source.withUnsafeBytes { (raw) throws(GraphicsError) in
      guard let sourceBase = raw.baseAddress else { return }
      let sourceImage = try PixmanImage(
        format: PIXMAN_a8r8g8b8, width: source.width, height: source.height,
        bits: UnsafeMutableRawPointer(mutating: sourceBase), rowStride: source.bytesPerRow,
        operation: operation)
      var sourceX = box.x0
      var sourceY = box.y0
      if let offset = integerOffset {
        sourceX = box.x0 - offset.x
        sourceY = box.y0 - offset.y
      } else if let warp {
        try sourceImage.setBilinearTransform(
          rows: pixmanRows(warp.inverse, box: box), operation: "pixman_image_set_transform")
      }
      let op = isCopy ? PIXMAN_OP_SRC : PIXMAN_OP_OVER
      var mask: PixmanImage?
      if let maskBytes {
        mask = try PixmanImage(
          format: PIXMAN_a8, width: box.width, height: box.height, bits: maskBytes,
          rowStride: maskStride, operation: operation)
      } else if opacity != 255 {
        mask = try PixmanImage(solidAlpha: UInt16(opacity * 257), operation: operation)
      }
      pixman_image_composite32(
        op, sourceImage.handle, mask?.handle, target.handle, Int32(sourceX), Int32(sourceY),
        0, 0, Int32(box.x0), Int32(box.y0), Int32(box.width), Int32(box.height))
      withExtendedLifetime(mask) {}
    }
  }

  /// pixman's matrix (column vectors) for a destination → source inverse given in the
  /// row-vector convention.
  ///
  /// pixman steps homogeneous coordinates in 16.16 fixed point (|value| < 32768), so a
  /// projective matrix is scaled (any scale gives the same mapping) until the largest
  /// coordinate over the composited box's corners is about 16384: the most precision pixman
  /// can keep for the small perspective terms.
  static func pixmanRows(
    _ inverse: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>), box: PixelBox
  ) -> [SIMD3<Double>] {
    let (r0, r1, r2) = inverse
    var rows = [SIMD3(r0.x, r1.x, r2.x), SIMD3(r0.y, r1.y, r2.y), SIMD3(r0.z, r1.z, r2.z)]
    if rows[2].x == 0, rows[2].y == 0, rows[2].z != 0 {
      // Affine: keep the last row (0, 0, 1) so pixman takes its affine paths.
      let scale = 1 / rows[2].z
      rows = rows.map { $0 * scale }
    } else {
      var largest = 0.0
      for x in [box.x0, box.x1] {
        for y in [box.y0, box.y1] {
          let point = SIMD3(Double(x) + 0.5, Double(y) + 0.5, 1)
          for row in rows { largest = max(largest, abs((row * point).sum())) }
        }
      }
      if largest > 0, largest.isFinite { rows = rows.map { $0 * (16384 / largest) } }
    }
    return rows
  }
}
