internal import ReelCore

extension UIImage {
  /// Draws the image upright, scaled into `rect` of the current context (y-down in a UIKit
  /// image context, as on Apple); nothing without a current context.
  ///
  /// Images whose `imageOrientation` is not `.up` are drawn as stored, with a warning.
  public func draw(in rect: CGRect) {
    guard let context = UIGraphicsGetCurrentContext(), let image = cgImage else { return }
    if imageOrientation != .up {
      CompatWarnings.warnOnce(
        key: "UIImage.draw.orientation",
        "UIImage.draw(in:) draws an image of orientation \(imageOrientation) as stored: "
          + "only .up is turned the Apple way")
    }
    let r = rect.standardized.rect
    // Image pixels (y-down) → user space along +y, which UIKit's flipped context shows
    // upright.
    let placement = ReelAffineTransform(
      a: r.width / Double(image.width), b: 0, c: 0, d: r.height / Double(image.height),
      tx: r.minX, ty: r.minY)
    context.drawImage(image.image, placement: placement)
  }

  /// Draws the image upright at its size in points with its top-left corner at `point`.
  public func draw(at point: CGPoint) {
    draw(in: CGRect(origin: point, size: size))
  }
}
