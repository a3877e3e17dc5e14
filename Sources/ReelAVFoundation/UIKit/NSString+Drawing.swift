internal import ReelCore
internal import ReelGraphics

extension NSAttributedString {
  /// Draws the string into the current context, wrapped to `rect`'s width, its first line
  /// at the rectangle's top, cut to the rectangle (as UIKit's `draw(in:)`), with Reel's text
  /// renderer reading the attributes as a `CATextLayer` does. Nothing without a current
  /// context; attributes Reel cannot draw draw nothing, with a warning naming them.
  ///
  /// The text is laid out one pixel a point and then mapped by the context's transform, so
  /// at a scale above 1 it is as sharp as at scale 1, magnified.
  public func draw(in rect: CGRect) {
    let r = rect.standardized
    draw(origin: r.origin, width: Double(r.width), height: Double(r.height), caller: "draw(in:)")
  }

  /// Draws the string unwrapped with its first line's top-left corner at `point`.
  public func draw(at point: CGPoint) {
    draw(origin: point, width: nil, height: nil, caller: "draw(at:)")
  }

  /// The size of the string's unwrapped lines, in points.
  public func size() -> CGSize {
    guard let (text, style) = reelText(wraps: false, caller: "size()"),
      let measured = try? TextRenderer.measure(text, style: style, width: nil)
    else { return .zero }
    return CGSize(width: measured.layoutSize.width, height: measured.layoutSize.height)
  }

  /// The string and style as Reel's, through the one attribute reader
  /// (`AttributedTextSnapshot`); nil with a warning when an attribute cannot be drawn.
  private func reelText(wraps: Bool, caller: String) -> (StyledText, TextStyle)? {
    do {
      let converted = try AttributedTextSnapshot(owner: "NSAttributedString.\(caller)")
        .convert(self)
      var style = converted.style
      style.wraps = wraps
      if let alignment = converted.alignment { style.alignment = alignment }
      return (converted.text, style)
    } catch {
      CompatWarnings.warnOnce(
        key: "NSAttributedString.\(caller)|\(error.reason)",
        "NSAttributedString.\(caller) draws nothing: \(error.reason)")
      return nil
    }
  }

  private func draw(origin: CGPoint, width: Double?, height: Double?, caller: String) {
    guard let context = UIGraphicsGetCurrentContext(),
      let (text, style) = reelText(wraps: width != nil, caller: caller)
    else { return }
    let rendered: RenderedText
    do {
      rendered = try TextRenderer.render(
        text, style: style, width: width, height: height, clipsToBox: width != nil)
    } catch {
      CompatWarnings.warnOnce(
        key: "NSAttributedString.\(caller)|render",
        "NSAttributedString.\(caller) draws nothing: \(error.description)")
      return
    }
    guard rendered.image.width > 0, rendered.image.height > 0 else { return }
    // Image pixels → user space along +y (y-down in a UIKit context).
    let placement = ReelAffineTransform(
      translationX: Double(origin.x) + rendered.origin.x, y: Double(origin.y) + rendered.origin.y)
    context.drawImage(rendered.image, placement: placement)
  }
}

extension NSString {
  /// Draws the string with `attrs` in the current context (see
  /// `NSAttributedString.draw(in:)`).
  public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
    NSAttributedString(string: self as String, attributes: attrs).draw(in: rect)
  }

  /// Draws the string with `attrs`, unwrapped, its top-left corner at `point`.
  public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
    NSAttributedString(string: self as String, attributes: attrs).draw(at: point)
  }

  /// The size of the string's unwrapped lines with `attrs`, in points.
  public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
    NSAttributedString(string: self as String, attributes: attrs).size()
  }
}

extension String {
  /// As `NSString.draw(in:withAttributes:)` (Swift strings bridge to it on Apple).
  public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
    (self as NSString).draw(in: rect, withAttributes: attrs)
  }

  /// As `NSString.draw(at:withAttributes:)`.
  public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
    (self as NSString).draw(at: point, withAttributes: attrs)
  }

  /// As `NSString.size(withAttributes:)`.
  public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
    (self as NSString).size(withAttributes: attrs)
  }
}
