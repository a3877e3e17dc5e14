import ReelCore

extension Canvas {
  /// Fills a layer's background: `rect` with circular corners of `cornerRadius` pixels.
  ///
  /// - Parameters:
  ///   - rect: The layer's bounds in canvas coordinates (before ``transform``).
  ///   - cornerRadius: Corner radius in pixels, clamped to half the shorter side; 0 for
  ///     square corners.
  ///   - color: Background colour. Pixels fully inside get exactly
  ///     `color.premultipliedBGRA` when drawn on a transparent canvas.
  public mutating func fillBackground(in rect: Rect, cornerRadius: Double = 0, color: Color) {
    guard !rect.isEmpty, color.alpha > 0 else { return }
    fill(Path(roundedRect: rect, cornerRadius: cornerRadius), color: color)
  }

  /// Draws a layer's border inset from its bounds, as Core Animation does: the border
  /// covers the band [0, `width`) inside `rect`; with a corner radius the outer edge follows
  /// the rounded rectangle and the inner edge is concentric (radius `cornerRadius − width`,
  /// square when that is ≤ 0).
  ///
  /// When `rect` and `width` are whole pixels and the transform is a whole-pixel
  /// translation, straight border pixels are covered fully and carry the border colour
  /// exactly, and pixels inside the band are untouched.
  ///
  /// - Parameters:
  ///   - rect: The layer's bounds in canvas coordinates.
  ///   - width: Border width in pixels (nothing is drawn when ≤ 0); a border wider than
  ///     half the shorter side fills the whole rectangle.
  ///   - cornerRadius: Corner radius of the outer edge in pixels.
  ///   - color: Border colour, drawn source-over (above content, as in Core Animation).
  public mutating func drawBorder(
    in rect: Rect, width: Double, cornerRadius: Double = 0, color: Color
  ) {
    let r = rect.standardized
    guard !r.isEmpty, width > 0, color.alpha > 0 else { return }
    let radius = r.clampedCornerRadius(cornerRadius)
    var path = Path(roundedRect: r, cornerRadius: radius)
    let inner = r.insetBy(dx: width, dy: width)
    if inner.width > 0 && inner.height > 0 && !inner.isEmpty {
      path.elements +=
        Path(roundedRect: inner, cornerRadius: Swift.max(0, radius - width))
        .elements
    }
    fill(path, color: color, rule: .evenOdd)
  }
}
