internal import ReelCore

extension UIImage {
  /// Draws the image upright, scaled into `rect` of the current context (y-down in a UIKit
  /// image context, as on Apple), at full opacity with the normal blend mode as Apple
  /// documents: the context's own alpha (`setAlpha`) does not apply; nothing without a
  /// current context.
  ///
  /// Images whose `imageOrientation` is not `.up` are drawn as stored, with a warning.
  public func draw(in rect: CGRect) {
    draw(in: rect, blendMode: .normal, alpha: 1)
  }

  /// Draws the image upright into `rect` with `alpha` opacity (0…1, replacing the context's
  /// alpha for this drawing only). Reel draws `blendMode` `.normal`; any other mode is
  /// reported once on standard error, naming it, and the image is drawn normally.
  public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
    guard let context = UIGraphicsGetCurrentContext(), let image = cgImage else { return }
    if blendMode != .normal {
      CompatWarnings.warnOnce(
        key: "UIImage.draw.blendMode|\(blendMode)",
        "UIImage.draw(in:blendMode:alpha:): blend mode .\(blendMode) is not drawn by Reel; the image is drawn with .normal (source over)"
      )
    }
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
    context.saveGState()
    context.setAlpha(alpha)
    context.drawImage(image.image, placement: placement)
    context.restoreGState()
  }

  /// Draws the image upright at `point` with `alpha` opacity (see
  /// ``draw(in:blendMode:alpha:)``).
  public func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
    draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
  }

  /// Draws the image upright at its size in points with its top-left corner at `point`.
  public func draw(at point: CGPoint) {
    draw(in: CGRect(origin: point, size: size))
  }
}
