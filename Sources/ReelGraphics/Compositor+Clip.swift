import ReelCore

extension Compositor {
  /// Where drawing may change the destination, in destination pixels.
  ///
  /// A pixel is inside a ``rect(_:)`` when its centre (i + ½, j + ½) is. Rounded rects are
  /// antialiased; a mask gives each destination pixel its alpha as coverage.
  public enum Clip: Sendable {
    /// An axis-aligned rectangle in destination pixels (the fast path).
    case rect(Rect)
    /// A rectangle with circular corners of `cornerRadius` pixels, antialiased.
    case roundedRect(Rect, cornerRadius: Double)
    /// An alpha mask in destination space: the mask's pixel (i, j) gives the coverage of the
    /// destination pixel (i, j) by its alpha; pixels outside the mask get coverage 0.
    case mask(Image)
  }
}

/// A half-open box of whole pixels: columns `x0..<x1`, rows `y0..<y1`.
package struct PixelBox: Hashable, Sendable {
  /// First column.
  package var x0: Int
  /// First row.
  package var y0: Int
  /// Column after the last.
  package var x1: Int
  /// Row after the last.
  package var y1: Int

  /// Whether the box holds no pixel.
  package var isEmpty: Bool { x0 >= x1 || y0 >= y1 }
  /// Columns in the box (0 when empty).
  package var width: Int { max(0, x1 - x0) }
  /// Rows in the box (0 when empty).
  package var height: Int { max(0, y1 - y0) }

  /// The pixels in both boxes.
  package func intersection(_ other: PixelBox) -> PixelBox {
    PixelBox(
      x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1),
      y1: min(y1, other.y1))
  }

  /// The pixels whose centres lie in `rect` (clamped by ``PixelLimits/integer(_:)`` so the
  /// conversion cannot trap).
  package init(centresIn rect: Rect) {
    func index(_ value: Double) -> Int { PixelLimits.integer((value - 0.5).rounded(.up)) }
    self.init(
      x0: index(rect.minX), y0: index(rect.minY), x1: index(rect.maxX), y1: index(rect.maxY))
  }

  /// A box from its edges.
  package init(x0: Int, y0: Int, x1: Int, y1: Int) {
    self.x0 = x0
    self.y0 = y0
    self.x1 = x1
    self.y1 = y1
  }
}

/// Per-pixel clip coverage in destination space, valid while the closure that made it runs.
struct CoverageMask {
  /// The coverage byte of destination pixel (`box.x0`, `box.y0`).
  let origin: UnsafePointer<UInt8>
  /// Bytes between horizontally adjacent coverage values (1 for A8, 4 for an image's alpha).
  let pixelStride: Int
  /// Bytes between rows.
  let rowStride: Int
  /// The destination pixels the mask describes; coverage is 0 outside.
  let box: PixelBox

  /// The coverage byte of destination pixel (x, y); (x, y) must lie in `box`.
  @inline(__always)
  func pointer(x: Int, y: Int) -> UnsafePointer<UInt8> {
    origin + (y - box.y0) * rowStride + (x - box.x0) * pixelStride
  }
}

/// A clip resolved for one destination: the box outside which nothing changes, and the
/// per-pixel coverage inside it (`nil` means full coverage).
struct ClipRegion {
  let box: PixelBox
  let coverage: CoverageMask?
}

extension Compositor.Clip {
  /// Resolves the clip against a destination of `width`×`height` pixels and calls `body`
  /// with it; any coverage buffer lives only for the duration of the call.
  func withRegion<R, E: Error>(
    destinationWidth width: Int, destinationHeight height: Int,
    _ body: (ClipRegion) throws(E) -> R
  ) throws(E) -> R {
    let bounds = PixelBox(x0: 0, y0: 0, x1: width, y1: height)
    switch self {
    case .rect(let rect):
      return try body(
        ClipRegion(box: PixelBox(centresIn: rect).intersection(bounds), coverage: nil))
    case .mask(let mask):
      let box = PixelBox(x0: 0, y0: 0, x1: mask.width, y1: mask.height).intersection(bounds)
      return try mask.withUnsafeBytes { (raw) throws(E) -> R in
        guard let base = raw.baseAddress, !box.isEmpty else {
          return try body(ClipRegion(box: PixelBox(x0: 0, y0: 0, x1: 0, y1: 0), coverage: nil))
        }
        let alpha = base.assumingMemoryBound(to: UInt8.self) + 3
        let coverage = CoverageMask(
          origin: alpha, pixelStride: 4, rowStride: mask.bytesPerRow, box: box)
        return try body(ClipRegion(box: box, coverage: coverage))
      }
    case .roundedRect(let rect, let radius):
      let outer = PixelBox(
        x0: PixelLimits.integer(rect.minX.rounded(.down)),
        y0: PixelLimits.integer(rect.minY.rounded(.down)),
        x1: PixelLimits.integer(rect.maxX.rounded(.up)),
        y1: PixelLimits.integer(rect.maxY.rounded(.up))
      ).intersection(bounds)
      guard !outer.isEmpty, rect.minX.isFinite, rect.maxX.isFinite, rect.minY.isFinite,
        rect.maxY.isFinite
      else {
        return try body(ClipRegion(box: PixelBox(x0: 0, y0: 0, x1: 0, y1: 0), coverage: nil))
      }
      var buffer = [UInt8](repeating: 0, count: outer.width * outer.height)
      RoundedRectCoverage.rasterize(
        rect: rect, cornerRadius: radius, box: outer, into: &buffer)
      return try buffer.withUnsafeBufferPointer { (bytes) throws(E) -> R in
        guard let base = bytes.baseAddress else {
          return try body(ClipRegion(box: PixelBox(x0: 0, y0: 0, x1: 0, y1: 0), coverage: nil))
        }
        let coverage = CoverageMask(
          origin: base, pixelStride: 1, rowStride: outer.width, box: outer)
        return try body(ClipRegion(box: outer, coverage: coverage))
      }
    }
  }
}

/// Antialiased coverage of a rounded rectangle, from the signed distance of each pixel
/// centre to its outline (coverage = ½ − distance, clamped to 0…1).
enum RoundedRectCoverage {
  static func rasterize(rect: Rect, cornerRadius: Double, box: PixelBox, into buffer: inout [UInt8])
  {
    let halfWidth = rect.width / 2
    let halfHeight = rect.height / 2
    let radius = rect.clampedCornerRadius(cornerRadius)
    let centreX = rect.midX
    let centreY = rect.midY
    let innerX = halfWidth - radius
    let innerY = halfHeight - radius
    let rowLength = box.width
    for y in box.y0..<box.y1 {
      let qy = abs(Double(y) + 0.5 - centreY) - innerY
      for x in box.x0..<box.x1 {
        let qx = abs(Double(x) + 0.5 - centreX) - innerX
        let outsideX = max(qx, 0)
        let outsideY = max(qy, 0)
        let distance =
          (outsideX * outsideX + outsideY * outsideY).squareRoot() + min(max(qx, qy), 0) - radius
        let coverage = min(max(0.5 - distance, 0), 1)
        buffer[(y - box.y0) * rowLength + (x - box.x0)] = UInt8((coverage * 255).rounded())
      }
    }
  }
}
