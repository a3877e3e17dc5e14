internal import ReelCore
internal import ReelGraphics

extension CGContext {
  // MARK: Building the current path (points mapped by the ctm as they are added)

  /// Empties the current path.
  public func beginPath() { devicePath = CGMutablePath() }

  /// Starts a new subpath at `point`.
  public func move(to point: CGPoint) { devicePath.move(to: point, transform: ctm) }

  /// A line from the current point to `point`.
  public func addLine(to point: CGPoint) { devicePath.addLine(to: point, transform: ctm) }

  /// Lines through `points`.
  public func addLines(between points: [CGPoint]) {
    devicePath.addLines(between: points, transform: ctm)
  }

  /// A cubic Bézier curve from the current point.
  public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
    devicePath.addCurve(to: end, control1: control1, control2: control2, transform: ctm)
  }

  /// A quadratic Bézier curve from the current point.
  public func addQuadCurve(to end: CGPoint, control: CGPoint) {
    devicePath.addQuadCurve(to: end, control: control, transform: ctm)
  }

  /// A closed rectangle.
  public func addRect(_ rect: CGRect) { devicePath.addRect(rect, transform: ctm) }

  /// Closed rectangles.
  public func addRects(_ rects: [CGRect]) { devicePath.addRects(rects, transform: ctm) }

  /// The ellipse inscribed in `rect`.
  public func addEllipse(in rect: CGRect) { devicePath.addEllipse(in: rect, transform: ctm) }

  /// A circular arc (see `CGMutablePath.addArc(center:radius:startAngle:endAngle:clockwise:transform:)`
  /// for the direction, which is Apple's).
  public func addArc(
    center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
  ) {
    devicePath.addArc(
      center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
      clockwise: clockwise, transform: ctm)
  }

  /// Closes the current subpath.
  public func closePath() { devicePath.closeSubpath() }

  /// Appends `path`, mapped by the ctm.
  public func addPath(_ path: CGPath) { devicePath.addPath(path, transform: ctm) }

  /// Whether the current path is empty.
  public var isPathEmpty: Bool { devicePath.isEmpty }

  /// The current path in user space (nil when empty).
  public var path: CGPath? {
    guard !devicePath.isEmpty, let toUser = state.ctm.inverted() else { return nil }
    return CGPath(devicePath.path.applying(toUser))
  }

  /// The current path's bounds in user space (`CGRect.null` when empty).
  public var boundingBoxOfPath: CGRect { path?.boundingBoxOfPath ?? .null }

  // MARK: Painting (each consumes the current path)

  /// Fills the current path and empties it.
  public func fillPath(using rule: CGPathFillRule = .winding) {
    fillDevicePath(devicePath.path, rule: rule.fillRule)
    beginPath()
  }

  /// Strokes the current path and empties it.
  public func strokePath() {
    strokeDevicePath(devicePath.path)
    beginPath()
  }

  /// Fills, strokes or both (fill first), then empties the current path.
  public func drawPath(using mode: CGPathDrawingMode) {
    let path = devicePath.path
    switch mode {
    case .fill: fillDevicePath(path, rule: .nonZero)
    case .eoFill: fillDevicePath(path, rule: .evenOdd)
    case .stroke: strokeDevicePath(path)
    case .fillStroke:
      fillDevicePath(path, rule: .nonZero)
      strokeDevicePath(path)
    case .eoFillStroke:
      fillDevicePath(path, rule: .evenOdd)
      strokeDevicePath(path)
    }
    beginPath()
  }

  /// Fills `rect` (the current path is kept).
  public func fill(_ rect: CGRect) { fill([rect]) }

  /// Fills each rectangle (the current path is kept).
  public func fill(_ rects: [CGRect]) {
    let shape = CGMutablePath()
    shape.addRects(rects, transform: ctm)
    fillDevicePath(shape.path, rule: .nonZero)
  }

  /// Strokes `rect` (the current path is kept).
  public func stroke(_ rect: CGRect) {
    let shape = CGMutablePath()
    shape.addRect(rect, transform: ctm)
    strokeDevicePath(shape.path)
  }

  /// Strokes `rect` `width` user units wide (the line width setting is kept).
  public func stroke(_ rect: CGRect, width: CGFloat) {
    let saved = state.stroke.width
    state.stroke.width = Double(width)
    stroke(rect)
    state.stroke.width = saved
  }

  /// Fills the ellipse inscribed in `rect`.
  public func fillEllipse(in rect: CGRect) {
    let shape = CGMutablePath()
    shape.addEllipse(in: rect, transform: ctm)
    fillDevicePath(shape.path, rule: .nonZero)
  }

  /// Strokes the ellipse inscribed in `rect`.
  public func strokeEllipse(in rect: CGRect) {
    let shape = CGMutablePath()
    shape.addEllipse(in: rect, transform: ctm)
    strokeDevicePath(shape.path)
  }

  /// Makes `rect` transparent black (within the clip).
  public func clear(_ rect: CGRect) {
    let shape = CGMutablePath()
    shape.addRect(rect, transform: ctm)
    let path = shape.path
    draw(transform: deviceToCanvas) { $0.clear(path) }
  }

  // MARK: Clipping

  /// Narrows the clip to the inside of the current path, then empties it.
  public func clip(using rule: CGPathFillRule = .winding) {
    state.clipPaths.append(
      ClipPath(path: devicePath.path.applying(deviceToCanvas), rule: rule.fillRule))
    beginPath()
  }

  /// Narrows the clip to `rect` (the current path is kept).
  public func clip(to rect: CGRect) { clip(to: [rect]) }

  /// Narrows the clip to the union of `rects` (the current path is kept).
  public func clip(to rects: [CGRect]) {
    let shape = CGMutablePath()
    shape.addRects(rects, transform: ctm)
    state.clipPaths.append(ClipPath(path: shape.path.applying(deviceToCanvas)))
  }

  // MARK: Images

  /// Draws `image` scaled into `rect`, its first row at the rectangle's top in a y-up user
  /// space (so upside down under a flipped ctm, as on Apple).
  ///
  /// - Parameters:
  ///   - image: The picture.
  ///   - rect: Where it goes, in user space.
  ///   - byTiling: Tiling is not supported: true draws the image once, with a warning.
  public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
    if byTiling {
      CompatWarnings.warnOnce(
        key: "CGContext.draw.byTiling",
        "CGContext.draw(_:in:byTiling: true) draws the image once: tiling is not supported")
    }
    let w = Double(image.width)
    let h = Double(image.height)
    let r = rect.standardized.rect
    // Image pixels (y-down) → user space: row 0 at maxY.
    let placement = ReelAffineTransform(
      a: r.width / w, b: 0, c: 0, d: -r.height / h, tx: r.minX, ty: r.maxY)
    drawImage(image.image, placement: placement)
  }

  /// Draws `image` with image pixels mapped by `placement` into user space.
  func drawImage(_ image: Image, placement: ReelAffineTransform) {
    let full = placement.concatenating(state.ctm).concatenating(deviceToCanvas)
    let opacity = state.alpha
    draw(transform: .identity) { $0.draw(image, placement: full, opacity: opacity) }
  }
}
