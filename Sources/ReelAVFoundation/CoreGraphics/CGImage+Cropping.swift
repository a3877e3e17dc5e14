internal import ReelCore
internal import ReelGraphics

extension CGImage {
  /// The part of the image inside `rect` — in pixels, origin at the image's top-left corner,
  /// made integral (`rect.integral`) as on Apple — or nil when it misses the image or its
  /// pixels cannot be allocated.
  public func cropping(to rect: CGRect) -> CGImage? {
    let box = rect.standardized.integral
    guard !box.isNull, !box.isEmpty, !box.isInfinite,
      let cropped = try? image.cropped(to: box.rect), cropped.width > 0, cropped.height > 0
    else { return nil }
    return CGImage(cropped)
  }
}
