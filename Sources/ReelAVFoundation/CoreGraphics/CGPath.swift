internal import ReelCore

/// An immutable vector path, as CoreGraphics' `CGPath`. Underneath is Reel's `Path`; the
/// coordinates are kept as given (which way y points is the drawing layer's business).
///
/// Part 1 covers building paths, their bounding boxes and copies; hit testing, stroking
/// copies and dashing come with part 2.
open class CGPath: @unchecked Sendable, Equatable {
  /// Reel's path.
  var path: Path

  init(_ path: Path) { self.path = path }

  /// A closed rectangle, mapped by `transform` when given.
  public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
    self.init(Path(rect: rect.rect).transformed(transform?.pointee))
  }

  /// The ellipse inscribed in `rect`, mapped by `transform` when given.
  public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
    self.init(Path(ellipseIn: rect.rect).transformed(transform?.pointee))
  }

  /// A rectangle with elliptical corners `cornerWidth` × `cornerHeight` points (each clamped
  /// to half its side; Apple requires them to fit), mapped by `transform` when given.
  public convenience init(
    roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
    transform: UnsafePointer<CGAffineTransform>?
  ) {
    self.init(
      Path(
        roundedRect: rect.rect, cornerWidth: Double(cornerWidth),
        cornerHeight: Double(cornerHeight)
      ).transformed(transform?.pointee))
  }

  /// Whether the path has no elements.
  public var isEmpty: Bool { path.isEmpty }

  /// Where the next element would start: the last element's end point, the start of a
  /// subpath just closed, or `.zero` for an empty path (as on Apple).
  public var currentPoint: CGPoint { path.currentPoint.map(CGPoint.init) ?? .zero }

  /// The smallest rectangle holding every point of the path, Bézier control points
  /// included; `CGRect.null` for an empty path.
  public var boundingBox: CGRect {
    guard !path.isEmpty else { return .null }
    return CGRect(path.controlPointBounds)
  }

  /// The smallest rectangle holding the path itself (curves at their extremes, control
  /// points excluded); `CGRect.null` for an empty path.
  public var boundingBoxOfPath: CGRect { path.tightBounds.map(CGRect.init) ?? .null }

  /// An immutable copy.
  public func copy() -> CGPath? { CGPath(path) }

  /// An immutable copy mapped by `transform` when given.
  public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
    CGPath(path.transformed(transform?.pointee))
  }

  /// A mutable copy.
  public func mutableCopy() -> CGMutablePath? { CGMutablePath(path) }

  /// A mutable copy mapped by `transform` when given.
  public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
    CGMutablePath(path.transformed(transform?.pointee))
  }

  /// Whether the two paths have the same elements.
  public static func == (lhs: CGPath, rhs: CGPath) -> Bool { lhs.path == rhs.path }
}

/// A path that can be built up, as CoreGraphics' `CGMutablePath`. Every builder maps its
/// points by `transform` (identity by default) before adding them.
open class CGMutablePath: CGPath, @unchecked Sendable {
  /// An empty path.
  public init() { super.init(Path()) }

  override init(_ path: Path) { super.init(path) }

  /// Starts a new subpath at `point`.
  public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
    path.move(to: point.applying(transform).point)
  }

  /// A line from the current point to `point`; ignored with a warning when there is no
  /// current point (Apple logs "no current point" and ignores it too).
  public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
    guard continueSubpath(for: "addLine(to:)") else { return }
    path.addLine(to: point.applying(transform).point)
  }

  /// Lines through `points`: a move to the first, then a line to each of the others.
  public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
    guard let first = points.first else { return }
    move(to: first, transform: transform)
    for point in points.dropFirst() { addLine(to: point, transform: transform) }
  }

  /// A cubic Bézier curve from the current point to `end`.
  public func addCurve(
    to end: CGPoint, control1: CGPoint, control2: CGPoint,
    transform: CGAffineTransform = .identity
  ) {
    guard continueSubpath(for: "addCurve(to:control1:control2:)") else { return }
    path.addCurve(
      to: end.applying(transform).point, control1: control1.applying(transform).point,
      control2: control2.applying(transform).point)
  }

  /// A quadratic Bézier curve from the current point to `end`.
  public func addQuadCurve(
    to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity
  ) {
    guard continueSubpath(for: "addQuadCurve(to:control:)") else { return }
    path.addQuadCurve(
      to: end.applying(transform).point, control: control.applying(transform).point)
  }

  /// A closed rectangle as a new subpath: from the origin corner along the width first.
  public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
    append(Path(rect: rect.rect), transform: transform)
  }

  /// Each rectangle as a closed subpath.
  public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
    for rect in rects { addRect(rect, transform: transform) }
  }

  /// The ellipse inscribed in `rect` as a closed subpath (four cubic Béziers).
  public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
    append(Path(ellipseIn: rect.rect), transform: transform)
  }

  /// A rectangle with elliptical corners as a closed subpath.
  public func addRoundedRect(
    in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
    transform: CGAffineTransform = .identity
  ) {
    append(
      Path(
        roundedRect: rect.rect, cornerWidth: Double(cornerWidth),
        cornerHeight: Double(cornerHeight)),
      transform: transform)
  }

  /// A circular arc from `startAngle` to `endAngle` (radians from the +x axis), with a line
  /// from the current point to its start (a move when there is none).
  ///
  /// `clockwise` is as Apple defines it, in a y-up space: `false` turns toward larger angles,
  /// `true` toward smaller ones (on a y-down screen the senses swap, as on Apple). The turn is
  /// the angle difference brought into [0, 2π) in that direction, and a full circle when the
  /// difference in that direction is 2π or more.
  public func addArc(
    center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
    transform: CGAffineTransform = .identity
  ) {
    let fullTurn = 2 * Double.pi
    var turn = clockwise ? Double(startAngle - endAngle) : Double(endAngle - startAngle)
    if turn >= fullTurn {
      turn = fullTurn
    } else {
      turn = turn.truncatingRemainder(dividingBy: fullTurn)
      if turn < 0 { turn += fullTurn }
    }
    addRelativeArc(
      center: center, radius: radius, startAngle: startAngle,
      delta: CGFloat(clockwise ? -turn : turn), transform: transform)
  }

  /// A circular arc from `startAngle` turning by `delta` radians (positive toward larger
  /// angles), with a line from the current point to its start (a move when there is none).
  public func addRelativeArc(
    center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
    transform: CGAffineTransform = .identity
  ) {
    var arc = Path()
    arc.addArc(
      center: center.point, radius: Double(radius), startAngle: Double(startAngle),
      sweepAngle: Double(delta))
    connect(arc.applying(transform.affine))
  }

  /// Closes the current subpath with a line back to its start.
  public func closeSubpath() {
    guard !path.isEmpty, path.elements.last != .close else { return }
    path.closeSubpath()
  }

  /// Appends `path`'s elements, mapped by `transform`.
  public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
    self.path.elements += path.path.applying(transform.affine).elements
  }

  // MARK: Helpers

  /// Appends `piece` (which starts with a move) mapped by `transform`.
  private func append(_ piece: Path, transform: CGAffineTransform) {
    path.elements += piece.applying(transform.affine).elements
  }

  /// Appends `piece` (which starts with a move), turning that move into a line from the
  /// current point when there is one.
  private func connect(_ piece: Path) {
    guard case .move(let start)? = piece.elements.first, continueSubpath(for: nil) else {
      path.elements += piece.elements
      return
    }
    path.addLine(to: start)
    path.elements += piece.elements.dropFirst()
  }

  /// Prepares the path for a drawing element: after `closeSubpath()` a new subpath starts
  /// at the closed one's start (as on Apple). Returns false when there is no current point,
  /// warning that `call` was ignored when it names one.
  private func continueSubpath(for call: String?) -> Bool {
    guard let current = path.currentPoint else {
      if let call {
        CompatWarnings.warnOnce(
          key: "CGMutablePath.noCurrentPoint|\(call)",
          "CGMutablePath.\(call) on a path with no current point is ignored, as on Apple: "
            + "start the path with move(to:)")
      }
      return false
    }
    if path.elements.last == .close { path.move(to: current) }
    return true
  }
}

/// A new empty mutable path, as `CGMutablePath()`.
public func CGPathCreateMutable() -> CGMutablePath { CGMutablePath() }

extension Path {
  /// The path mapped by `transform`, or unchanged when there is none.
  fileprivate func transformed(_ transform: CGAffineTransform?) -> Path {
    guard let transform else { return self }
    return applying(transform.affine)
  }
}
