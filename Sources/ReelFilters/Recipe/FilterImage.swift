import ReelCore

/// An image as a recipe: where its pixels come from and the steps that change them, evaluated
/// only when rendered, only over the rectangle asked for (Core Image's `CIImage`).
///
/// The plane is Reel's: x right, y down, in pixels. A picture placed with
/// ``init(picture:origin:)`` covers `origin` to `origin + size`. Outside its ``extent`` an
/// image is transparent black. Generators and ``clampedToExtent()`` have an infinite extent.
///
///     let look = FilterImage(picture: frame)
///       .applying(.sepiaTone(intensity: 0.8))
///       .blurred(sigma: 4)
///     let pixels = FilterRenderer().render(look, in: PixelRect(x: 0, y: 0, width: 320, height: 240))
public final class FilterImage: Sendable {
  /// The area outside of which the image is transparent black.
  public let extent: Rect
  let step: FilterStep

  init(step: FilterStep, extent: Rect) {
    self.step = step
    self.extent = extent.isInfinite ? .infinite : extent.standardized
  }

  /// An 8-bit premultiplied sRGB picture placed with its top-left corner at `origin`.
  public convenience init(picture: Image, origin: Point = .zero) {
    self.init(
      step: .picture(picture, x: origin.x, y: origin.y),
      extent: Rect(
        x: origin.x, y: origin.y, width: Double(picture.width), height: Double(picture.height)))
  }

  /// One colour everywhere (an infinite extent).
  ///
  /// - Parameter color: Premultiplied linear RGBA.
  public convenience init(constant color: SIMD4<Float>) {
    self.init(step: .constant(color), extent: .infinite)
  }

  /// One colour everywhere (an infinite extent), from Reel's sRGB colour.
  public convenience init(color: Color) {
    self.init(constant: LinearColor(color).premultiplied)
  }

  /// Whether the image covers the whole plane.
  public var hasInfiniteExtent: Bool { extent.isInfinite }

  /// The same image with nothing outside `rect`.
  public func cropped(to rect: Rect) -> FilterImage {
    guard let kept = extent.isInfinite ? rect.standardized : extent.intersection(rect) else {
      return FilterImage(step: .constant(.zero), extent: .zero)
    }
    return FilterImage(step: .crop(kept, self), extent: kept)
  }

  /// The image moved, scaled or rotated by `transform` (sampled bilinearly).
  public func transformed(by transform: AffineTransform) -> FilterImage {
    if transform.isIdentity { return self }
    let extent = self.extent.isInfinite ? Rect.infinite : transform.apply(to: self.extent)
    return FilterImage(step: .transform(transform, self), extent: extent)
  }

  /// The edge pixels repeated outward without end (`clampedToExtent()`).
  public func clampedToExtent() -> FilterImage {
    if extent.isInfinite { return self }
    return FilterImage(step: .clamp(self), extent: .infinite)
  }

  /// This image drawn over `background` (source-over, premultiplied).
  public func composited(over background: FilterImage) -> FilterImage {
    blended(over: background, mode: .sourceOver)
  }

  /// This image blended over `background` with `mode`.
  public func blended(over background: FilterImage, mode: BlendMode) -> FilterImage {
    FilterImage(
      step: .blend(mode, self, background), extent: mode.extent(self.extent, background.extent))
  }

  /// The image with a per-pixel colour operation applied (its extent kept).
  public func applying(_ operation: ColorOperation) -> FilterImage {
    let extent = operation.coversPlane ? Rect.infinite : self.extent
    return FilterImage(step: .color(operation, self), extent: extent)
  }

  /// The image with a per-pixel operation that depends on the pixel's position applied.
  public func applying(_ operation: PositionalOperation) -> FilterImage {
    FilterImage(step: .positional(operation, self), extent: self.extent)
  }

  /// A Gaussian blur in linear light with standard deviation `sigma` pixels; the extent grows
  /// by 4σ on each side, as far as its taps reach (transparent black beyond the image bleeds
  /// in, as in Core Image).
  public func blurred(sigma: Double) -> FilterImage {
    guard sigma > 0, sigma.isFinite else { return self }
    let margin = (4 * sigma).rounded(.up)
    let extent =
      self.extent.isInfinite ? Rect.infinite : self.extent.insetBy(dx: -margin, dy: -margin)
    return FilterImage(step: .gaussianBlur(sigma: sigma, self), extent: extent)
  }
}

/// One step of a recipe.
enum FilterStep: Sendable {
  case picture(Image, x: Double, y: Double)
  case constant(SIMD4<Float>)
  case crop(Rect, FilterImage)
  case transform(AffineTransform, FilterImage)
  case clamp(FilterImage)
  case blend(BlendMode, FilterImage, FilterImage)
  case color(ColorOperation, FilterImage)
  case positional(PositionalOperation, FilterImage)
  case gaussianBlur(sigma: Double, FilterImage)
  case spatial(any SpatialOperation)
}

extension Rect {
  /// The whole plane (Core Image's `CGRect.infinite`).
  public static let infinite = Rect(
    x: -Double.greatestFiniteMagnitude / 2, y: -Double.greatestFiniteMagnitude / 2,
    width: Double.greatestFiniteMagnitude, height: Double.greatestFiniteMagnitude)

  /// Whether this is ``infinite`` (or wider than any picture can be).
  public var isInfinite: Bool {
    width >= Double.greatestFiniteMagnitude / 2 || !width.isFinite || !height.isFinite
  }
}
