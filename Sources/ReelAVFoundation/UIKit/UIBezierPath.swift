internal import ReelCore

/// A path with its stroke settings, drawn into the current context, as UIKit's
/// `UIBezierPath`. Underneath is a ``CGMutablePath``.
///
/// Arcs' `clockwise` is UIKit's: clockwise on a y-down screen, toward larger angles (the
/// opposite of `CGMutablePath.addArc`'s y-up sense, as on Apple).
open class UIBezierPath: NSObject, @unchecked Sendable {
  private var storage = CGMutablePath()

  /// The line width `stroke()` uses, in points (default 1).
  open var lineWidth: CGFloat = 1
  /// The end caps `stroke()` uses (default `.butt`).
  open var lineCapStyle: CGLineCap = .butt
  /// The corner joins `stroke()` uses (default `.miter`).
  open var lineJoinStyle: CGLineJoin = .miter
  /// The miter limit `stroke()` uses (default 10).
  open var miterLimit: CGFloat = 10
  /// Whether `fill()` and `contains(_:)` use the even-odd rule (default false: winding).
  open var usesEvenOddFillRule = false
  private var dashPattern: [CGFloat] = []
  private var dashPhase: CGFloat = 0

  /// An empty path.
  public override init() { super.init() }

  /// A closed rectangle.
  public convenience init(rect: CGRect) {
    self.init()
    storage.addRect(rect)
  }

  /// The ellipse inscribed in `rect`.
  public convenience init(ovalIn rect: CGRect) {
    self.init()
    storage.addEllipse(in: rect)
  }

  /// A rectangle with circular corners of `cornerRadius` (clamped to half the shorter side).
  public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
    self.init()
    storage.addRoundedRect(in: rect, cornerWidth: cornerRadius, cornerHeight: cornerRadius)
  }

  /// A circular arc, clockwise as UIKit means it (see the type's documentation).
  public convenience init(
    arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
    clockwise: Bool
  ) {
    self.init()
    addArc(
      withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
      clockwise: clockwise)
  }

  /// A path with `cgPath`'s elements.
  public convenience init(cgPath: CGPath) {
    self.init()
    storage.addPath(cgPath)
  }

  /// The path's elements (a copy; setting replaces them).
  open var cgPath: CGPath {
    get { storage.copy() ?? CGMutablePath() }
    set { storage = newValue.mutableCopy() ?? CGMutablePath() }
  }

  /// Whether there are no elements.
  open var isEmpty: Bool { storage.isEmpty }
  /// The path's bounds, control points included (`CGRect.null` when empty).
  open var bounds: CGRect { storage.boundingBox }
  /// The current point.
  open var currentPoint: CGPoint { storage.currentPoint }

  /// Starts a subpath at `point`.
  open func move(to point: CGPoint) { storage.move(to: point) }
  /// A line to `point`.
  open func addLine(to point: CGPoint) { storage.addLine(to: point) }
  /// A cubic curve to `endPoint`.
  open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
    storage.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
  }
  /// A quadratic curve to `endPoint`.
  open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
    storage.addQuadCurve(to: endPoint, control: controlPoint)
  }
  /// A circular arc (with a line from the current point to its start), clockwise as UIKit
  /// means it.
  open func addArc(
    withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
    clockwise: Bool
  ) {
    storage.addArc(
      center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
      clockwise: !clockwise)
  }
  /// Closes the current subpath.
  open func close() { storage.closeSubpath() }
  /// Removes every element.
  open func removeAllPoints() { storage = CGMutablePath() }
  /// Appends `bezierPath`'s elements.
  open func append(_ bezierPath: UIBezierPath) { storage.addPath(bezierPath.storage) }
  /// Maps every point by `transform`.
  open func apply(_ transform: CGAffineTransform) {
    storage = storage.mutableCopy(using: [transform]) ?? storage
  }
  /// Whether `point` is inside by the path's fill rule.
  open func contains(_ point: CGPoint) -> Bool {
    storage.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
  }

  /// Sets the dashes `stroke()` uses: the first `count` of `pattern` (nil or 0: solid).
  open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
    dashPattern = pattern.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    dashPhase = phase
  }

  /// Fills the path in the current context with its fill colour and this path's rule.
  open func fill() {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    context.saveGState()
    context.beginPath()
    context.addPath(storage)
    context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
    context.restoreGState()
  }

  /// Strokes the path in the current context with its stroke colour and this path's line
  /// settings.
  open func stroke() {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    context.saveGState()
    context.setLineWidth(lineWidth)
    context.setLineCap(lineCapStyle)
    context.setLineJoin(lineJoinStyle)
    context.setMiterLimit(miterLimit)
    context.setLineDash(phase: dashPhase, lengths: dashPattern)
    context.beginPath()
    context.addPath(storage)
    context.strokePath()
    context.restoreGState()
  }

  /// Narrows the current context's clip to the inside of the path.
  open func addClip() {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    context.beginPath()
    context.addPath(storage)
    context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
  }
}
